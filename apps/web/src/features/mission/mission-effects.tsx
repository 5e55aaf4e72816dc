import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { LINK_ACCOUNT, SHARE_EPISODE, WATCH_EPISODE, type MissionData } from '@snapdrama/contract';
import { shareProgressEvents } from '../../shared/events/share-progress';
import { watchProgressEvents } from '../../shared/events/watch-progress';
import { i18n } from '../../shared/i18n/i18n';
import { layers } from '../../shared/layers/layer-store';
import { isGuest, useUserInfo } from '../../shared/session/user-info';
import {
  missionEventQuery,
  missionEventQueryKey,
  refreshMissionState,
  reportMission,
} from './api/mission-api';
import { linkAccountToClaim } from './mission-view';
import { dayRefreshDelay, serverClockSkewMs } from './time-manager';

/**
 * A report that earned coins refreshes the balance and says so; one that only counted refreshes
 * the missions. Failures are dropped silently (spec §8: event and mission failures are cleared).
 */
function useReporter() {
  const queryClient = useQueryClient();
  return useCallback(
    (report: () => Promise<MissionData>) => {
      report()
        .then(async (data) => {
          if (data.rewd_coin > 0) {
            layers.toast(
              i18n.t('mission_page.msg_mission_success', { coin: data.rewd_coin }),
              'success',
            );
            await refreshMissionState(queryClient);
          } else {
            await queryClient.invalidateQueries({ queryKey: missionEventQueryKey });
          }
        })
        .catch(() => undefined);
    },
    [queryClient],
  );
}

/**
 * App-wide mission work for signed-in users (spec §4), mounted once in the shell: mission data
 * after user info, the link-account auto-claim, the time manager, and the watch and share
 * reports.
 */
export function MissionEffects() {
  const queryClient = useQueryClient();
  const userInfo = useUserInfo();
  const user = userInfo.data?.user;
  const member = user !== undefined && !isGuest(user);
  const missions = useQuery({ ...missionEventQuery, enabled: member });
  const report = useReporter();

  // Link-account auto-claim, once per signed-in account.
  const claimedFor = useRef<string | null>(null);
  const toClaim = member ? linkAccountToClaim(user, missions.data?.missionList) : undefined;
  const userId = user?.user_id;
  useEffect(() => {
    if (!toClaim || !userId || claimedFor.current === userId) return;
    claimedFor.current = userId;
    report(() => reportMission({ mssnId: LINK_ACCOUNT }));
  }, [toClaim, userId, report]);

  // Time manager: at the next server-day start + 5 s, user info and mission data again.
  const nextDayStart = missions.data?.next_day_start;
  const skew = serverClockSkewMs(userInfo.data?.currentDateTime, userInfo.dataUpdatedAt);
  useEffect(() => {
    if (!member) return;
    const delay = dayRefreshDelay(nextDayStart, Date.now() + skew);
    if (delay === null) return;
    const timer = setTimeout(() => void refreshMissionState(queryClient), delay);
    return () => clearTimeout(timer);
  }, [member, nextDayStart, skew, queryClient]);

  // Watch (90 %) and share reports, signed-in viewers only.
  useEffect(() => {
    if (!member) return;
    const offWatch = watchProgressEvents.onWatchMission(({ logId }) => {
      if (logId) report(() => reportMission({ mssnId: WATCH_EPISODE, logId }));
    });
    const offShare = shareProgressEvents.onShared(({ dramaId, epsd }) => {
      report(() => reportMission({ mssnId: SHARE_EPISODE, dramId: dramaId, epsd }));
    });
    return () => {
      offWatch();
      offShare();
    };
  }, [member, report]);

  return null;
}
