import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PUSH_KINDS, type PushKind, type PushSettings } from '@snapdrama/contract';
import { consoleApi } from '../../shared/console/console-api';
import { commonMessages } from '../../shared/console/console-common-messages';
import { defineConsoleMessages, useConsoleText } from '../../shared/console/console-i18n';
import { Banner, Button, Card, ui } from '../../shared/console/console-ui';
import styles from './economy-page.module.css';

const QUERY_KEY = ['console', 'push', 'settings'] as const;
const PATH = '/push/settings';

const messages = defineConsoleMessages({
  en: {
    'push.title': 'Push reminders',
    'push.intro':
      'Which reminders go out, how many a viewer gets a day at most, and the quiet hours new subscriptions start with (each viewer can change theirs).',
    'push.kind.new_episode': 'New episode of a bookmarked drama',
    'push.kind.coin_expiry': 'Coins expiring within 48 hours',
    'push.kind.attendance_streak': 'Attendance streak about to break',
    'push.limit': 'At most per viewer per day',
    'push.quiet_start': 'Quiet hours from (hour)',
    'push.quiet_end': 'Quiet hours until (hour)',
  },
  ko: {
    'push.title': '푸시 알림',
    'push.intro':
      '어떤 알림을 보낼지, 시청자 한 명에게 하루 최대 몇 번 보낼지, 새 구독에 적용할 방해 금지 시간을 정합니다(시청자마다 바꿀 수 있습니다).',
    'push.kind.new_episode': '찜한 드라마의 새 회차',
    'push.kind.coin_expiry': '48시간 안에 사라지는 코인',
    'push.kind.attendance_streak': '끊기기 직전의 출석 연속 기록',
    'push.limit': '시청자당 하루 최대',
    'push.quiet_start': '방해 금지 시작(시)',
    'push.quiet_end': '방해 금지 종료(시)',
  },
  ja: {
    'push.title': 'プッシュ通知',
    'push.intro':
      '送るお知らせの種類、視聴者1人あたり1日の上限、新しい購読のおやすみ時間を決めます(視聴者ごとに変更できます)。',
    'push.kind.new_episode': 'ブックマークしたドラマの新しいエピソード',
    'push.kind.coin_expiry': '48時間以内に失効するコイン',
    'push.kind.attendance_streak': '途切れそうな連続出席',
    'push.limit': '視聴者1人あたり1日の上限',
    'push.quiet_start': 'おやすみ開始(時)',
    'push.quiet_end': 'おやすみ終了(時)',
  },
});

function PushForm({ initial }: { initial: PushSettings }) {
  const t = useConsoleText(messages);
  const common = useConsoleText(commonMessages);
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (v: PushSettings) => consoleApi.put<PushSettings>(PATH, v),
    onMutate: () => setSaved(false),
    onSuccess: (after) => {
      setSaved(true);
      setDraft(after);
      queryClient.setQueryData(QUERY_KEY, after);
    },
  });
  const change = (patch: Partial<PushSettings>) => {
    setSaved(false);
    setDraft({ ...draft, ...patch });
  };
  const toggle = (kind: PushKind, on: boolean) =>
    change({ kinds: on ? [...draft.kinds, kind] : draft.kinds.filter((k) => k !== kind) });
  const hourSelect = (label: string, value: number, set: (minute: number) => void, id: string) => (
    <label className={styles.check}>
      {label}
      <select
        className={ui.input}
        value={Math.floor(value / 60)}
        onChange={(e) => set(Number(e.target.value) * 60)}
        data-testid={id}
      >
        {Array.from({ length: 24 }, (_, h) => (
          <option key={h} value={h}>
            {String(h).padStart(2, '0')}:00
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(draft);
      }}
      data-testid="push-settings-form"
    >
      <p className={ui.muted} style={{ marginTop: 0 }}>
        {t('push.intro')}
      </p>
      <fieldset className={styles.validityGroup}>
        <legend className={styles.validityLegend}>{t('push.title')}</legend>
        {PUSH_KINDS.map((kind) => (
          <label key={kind} className={styles.check}>
            <input
              type="checkbox"
              checked={draft.kinds.includes(kind)}
              onChange={(e) => toggle(kind, e.target.checked)}
              data-testid={`push-setting-${kind}`}
            />
            {t(`push.kind.${kind}`)}
          </label>
        ))}
        <label className={styles.check}>
          {t('push.limit')}
          <select
            className={ui.input}
            value={draft.dailyLimit}
            onChange={(e) => change({ dailyLimit: Number(e.target.value) })}
            data-testid="push-setting-limit"
          >
            {Array.from({ length: 11 }, (_, n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        {hourSelect(
          t('push.quiet_start'),
          draft.quietStart,
          (m) => change({ quietStart: m }),
          'push-setting-quiet-start',
        )}
        {hourSelect(
          t('push.quiet_end'),
          draft.quietEnd,
          (m) => change({ quietEnd: m }),
          'push-setting-quiet-end',
        )}
      </fieldset>
      <div className={styles.saveRow}>
        <Button type="submit" variant="primary" disabled={save.isPending} data-testid="push-save">
          {save.isPending ? common('common.saving') : common('common.save')}
        </Button>
        {save.error && <Banner kind="error">{save.error.message}</Banner>}
        {saved && !save.error && <Banner kind="success">{common('common.saved')}</Banner>}
      </div>
    </form>
  );
}

/** The push settings (admins, decision 1520), saved with an audit entry. */
export function PushSettingsCard() {
  const t = useConsoleText(messages);
  const common = useConsoleText(commonMessages);
  const settings = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => consoleApi.get<PushSettings>(PATH),
  });
  return (
    <Card title={t('push.title')}>
      <div data-testid="push-settings-card">
        {settings.isPending && <p className={ui.muted}>{common('common.loading')}</p>}
        {settings.isError && <Banner kind="error">{settings.error.message}</Banner>}
        {settings.isSuccess && <PushForm initial={settings.data} />}
      </div>
    </Card>
  );
}
