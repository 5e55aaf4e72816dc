import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ResultCode, WATCH_AD, type MissionData, type MissionId } from '@snapdrama/contract';
import { rewardedAdUnits } from '../../shared/ads/ad-units';
import { useAdConfig } from '../../shared/ads/ad-config';
import { useAdStore } from '../../shared/ads/ad-store';
import { watchRewardedAd } from '../../shared/ads/rewarded-ad';
import { StandinNoFillSwitch } from '../../shared/ads/standin-ad';
import { errorMessage, isApiError } from '../../shared/api/api-error';
import { formatNumber } from '../../shared/format/number';
import { useContentText } from '../../shared/i18n/content-text';
import { layers } from '../../shared/layers/layer-store';
import { requestLogin } from '../../shared/session/login-request';
import { isGuest, useUserInfo } from '../../shared/session/user-info';
import { Button } from '../../shared/ui/button';
import { GiftIcon } from '../../shared/ui/icons';
import { BlockSpinner } from '../../shared/ui/spinner';
import {
  missionEventQuery,
  postAttendance,
  refreshMissionState,
  reportMission,
} from './api/mission-api';
import { attendanceView, missionView, type MissionView } from './mission-view';
import styles from './mission-page.module.css';
import { SignInPrompt } from '../../shared/session/sign-in-prompt';
import { offerPushReminders } from '../../shared/push/push-offer';

const GUIDE_KEYS = [
  'mission_page.guide_1',
  'mission_page.guide_2',
  'mission_page.guide_3',
  'mission_page.guide_4',
  'mission_page.guide_5',
] as const;

/** Guests and lost sessions are sent to login; other failures show the caller's text (§8). */
function failureAlert(error: unknown, fallback: string, title: string) {
  if (isApiError(error) && error.code === ResultCode.EVENT_GUEST_NOT_ALLOWED) {
    requestLogin();
    return;
  }
  layers.alert({ title, message: errorMessage(error, fallback) });
}

/** /mission (spec §2): held coins, the 7-day attendance row, this month's missions, guide. */
export function MissionPage() {
  const user = useUserInfo().data?.user;
  const guest = isGuest(user);

  // Guests get the login sheet at once (spec §2, §6).
  useEffect(() => {
    if (guest) requestLogin();
  }, [guest]);

  if (!user || guest) {
    return (
      <section className={styles.page} data-testid="mission-page">
        <SignInPrompt
          className={styles.prompt}
          icon={<GiftIcon />}
          testId="mission-guest"
          loginTestId="mission-login"
        />
      </section>
    );
  }
  return <MemberMissions coins={user.coin} userId={user.user_id} />;
}

function MemberMissions({ coins, userId }: { coins: number; userId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const data = useQuery(missionEventQuery);
  const adConfig = useAdConfig();
  const validityText = useValidityText();

  const attend = useMutation({
    mutationFn: postAttendance,
    onSuccess: async (result) => {
      layers.toast(t('mission_page.msg_attend_success', { coin: result.rewd_coin }), 'success');
      // a check-in is a moment to offer streak reminders (decision 1520)
      offerPushReminders();
      await refreshMissionState(queryClient);
    },
    onError: (error) => {
      failureAlert(error, t('mission_page.msg_attend_fail'), t('error_popup.title'));
      // a day the server would not record: show the row it would
      if (isApiError(error) && error.code === ResultCode.ATTENDANCE_DAY_MISMATCH) {
        void refreshMissionState(queryClient);
      }
    },
  });

  const onMissionDone = async (result: MissionData) => {
    layers.toast(
      result.rewd_coin > 0
        ? t('mission_page.msg_mission_success', { coin: result.rewd_coin })
        : t('mission_page.msg_mission_progress'),
      'success',
    );
    await refreshMissionState(queryClient);
  };
  const claim = useMutation({
    mutationFn: (mssnId: MissionId) => reportMission({ mssnId }),
    onSuccess: onMissionDone,
    onError: (error) => failureAlert(error, t('contents.msg_fail'), t('error_popup.title')),
  });

  const watchAd = async () => {
    const config = adConfig.data ?? (await adConfig.refetch()).data;
    if (!config) {
      layers.toast(t('contents.msg_ad_no_stock'), 'info');
      return;
    }
    try {
      const result = await watchRewardedAd({
        advrType: 'mission',
        adUnits: rewardedAdUnits(config.mission_ad_units),
        standIn: config.stand_in,
        userId,
        redeem: (logId) => reportMission({ mssnId: WATCH_AD, logId }),
      });
      if (result.status === 'rewarded') await onMissionDone(result.value);
    } catch (error) {
      failureAlert(error, t('contents.msg_fail'), t('error_popup.title'));
      void refreshMissionState(queryClient);
    }
  };

  const onAction = (id: MissionId) => {
    switch (id) {
      case 'watch_ad':
        void watchAd();
        return;
      case 'watch_ep':
      case 'share_ep':
        void navigate('/');
        return;
      case 'connect_sns':
        claim.mutate(id);
        return;
    }
  };

  // spec §2: held coins: "click goes to /payment" (the page, with its guide notes and history links)
  const openPayment = () => void navigate('/payment');

  return (
    <section className={styles.page} data-testid="mission-page">
      <h1 className={styles.heading}>{t('mission_page.title')}</h1>
      <button
        type="button"
        className={styles.coins}
        onClick={openPayment}
        data-testid="mission-coins"
      >
        <span className={styles.coinsLabel}>{t('mission_page.my_coins')}</span>
        <strong className={styles.coinsValue} data-testid="mission-coin-balance">
          {formatNumber(coins)}
        </strong>
        <span className={styles.coinsCharge}>{t('mission_page.charge')} ›</span>
      </button>

      {data.isPending ? (
        <BlockSpinner />
      ) : data.isError ? (
        <p className={styles.failure} data-testid="mission-load-fail">
          {errorMessage(data.error, t('mission_page.load_fail'))}
        </p>
      ) : (
        <>
          <Attendance
            view={attendanceView(data.data)}
            pending={attend.isPending}
            onCheckIn={(day) => attend.mutate(day)}
          />
          <section className={styles.card}>
            <h2 className={styles.cardTitle}>{t('mission_page.mission_title')}</h2>
            <ul className={styles.missions}>
              {data.data.missionList.map((m) => (
                <MissionRow
                  key={m.mssn_id}
                  view={missionView(m)}
                  busy={claim.isPending}
                  onAction={onAction}
                />
              ))}
            </ul>
          </section>
        </>
      )}

      <section className={styles.guide} data-testid="mission-guide">
        <h2 className={styles.guideTitle}>{t('mission_page.guide_title')}</h2>
        <ul>
          {GUIDE_KEYS.map((key) =>
            // the validity is the operators' (coin validity per source), never a constant here
            key === 'mission_page.guide_1' ? (
              adConfig.data && (
                <li key={key} data-testid="mission-guide-validity">
                  {t('mission_page.guide_validity', {
                    mission: validityText(adConfig.data.rewd_valid_days.mission),
                    attendance: validityText(adConfig.data.rewd_valid_days.attendance),
                  })}
                </li>
              )
            ) : (
              <li key={key}>{t(key)}</li>
            ),
          )}
        </ul>
        {/* a developer's switch for the stand-in ad: never in a build viewers get (issue 40 item 6) */}
        {import.meta.env.DEV && adConfig.data?.stand_in && <StandinNoFillSwitch />}
      </section>
    </section>
  );
}

/** "valid for N days", or "no expiry" when the operators made these coins last. */
function useValidityText() {
  const { t } = useTranslation();
  return (days: number | null) =>
    days === null ? t('mission_page.valid_forever') : t('mission_page.valid_days', { count: days });
}

function Attendance(props: {
  view: ReturnType<typeof attendanceView>;
  pending: boolean;
  onCheckIn: (day: number) => void;
}) {
  const { t } = useTranslation();
  const { days, attendedToday, checkInDay } = props.view;
  return (
    <section className={styles.card} data-testid="attendance">
      <h2 className={styles.cardTitle}>{t('mission_page.attendance_title')}</h2>
      <p className={styles.cardSubtitle}>{t('mission_page.attendance_subtitle')}</p>
      <ol className={styles.days} data-testid="attendance-days">
        {days.map((d) => (
          <li
            key={d.day}
            className={styles.day}
            data-checked={d.checked}
            data-today={d.day === checkInDay}
            data-testid="attendance-day"
            data-day={d.day}
          >
            <span className={styles.dayLabel}>{t('mission_page.day_n', { n: d.day })}</span>
            <span className={styles.dayMark} aria-hidden="true">
              {d.checked ? '✓' : 'C'}
            </span>
            <span className={styles.dayCoin}>+{formatNumber(d.coin)}</span>
          </li>
        ))}
      </ol>
      <Button
        block
        disabled={attendedToday || checkInDay === null || props.pending}
        onClick={() => checkInDay !== null && props.onCheckIn(checkInDay)}
        data-testid="attendance-button"
      >
        {attendedToday ? t('mission_page.btn_attended') : t('mission_page.btn_attend')}
      </Button>
    </section>
  );
}

const ACTION_LABEL = {
  watch_ad: 'mission_page.btn_watch_ad',
  watch_ep: 'mission_page.btn_go_watch',
  share_ep: 'mission_page.btn_go_share',
  connect_sns: 'mission_page.btn_claim',
} as const satisfies Record<MissionId, string>;

function MissionRow(props: {
  view: MissionView;
  busy: boolean;
  onAction: (id: MissionId) => void;
}) {
  const { t } = useTranslation();
  const text = useContentText();
  const adPresent = useAdStore((s) => s.present);
  const { mission, open, target, progressPercent } = props.view;
  const id = mission.mssn_id;
  const nameId = useId();
  const progressText = t('mission_page.progress', {
    count: Math.min(mission.user_mssn_count, target),
    target,
  });
  const disabled =
    !open || (id === 'watch_ad' && adPresent) || (id === 'connect_sns' && props.busy);
  return (
    <li className={styles.mission} data-testid="mission-item" data-mission={id} data-open={open}>
      <div className={styles.missionBody}>
        <p className={styles.missionName} id={nameId}>
          {text(mission.mssn_name_lang_key)}
        </p>
        <p className={styles.missionReward}>
          <span className={styles.coinDot} aria-hidden="true" />
          {t('mission_page.reward', { coin: formatNumber(mission.rewd) })}
        </p>
        {progressPercent !== null && (
          <div className={styles.progressRow}>
            <div
              className={styles.progress}
              role="progressbar"
              aria-labelledby={nameId}
              aria-valuetext={progressText}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progressPercent}
              data-testid="mission-progress"
            >
              <span style={{ width: `${progressPercent}%` }} />
            </div>
            <span className={styles.progressText} data-testid="mission-count">
              {progressText}
            </span>
          </div>
        )}
      </div>
      <Button
        className={styles.missionAction}
        variant={open ? 'primary' : 'secondary'}
        disabled={disabled}
        onClick={() => props.onAction(id)}
        data-testid={`mission-action-${id}`}
      >
        {open ? t(ACTION_LABEL[id]) : t('mission_page.btn_completed')}
      </Button>
    </li>
  );
}
