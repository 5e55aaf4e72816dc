import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  EVENT_PATHS,
  type AttendanceData,
  type MissionBody,
  type MissionData,
  type MissionEventData,
} from '@snapdrama/contract';
import { api } from '../../../shared/api/api';
import { userInfoQueryKey } from '../../../shared/session/user-info';

export const missionEventQueryKey = ['event', 'mission-event'] as const;

/** GET /event/mission-event: attendance rewards and records, missions (signed-in users only). */
export const missionEventQuery = queryOptions({
  queryKey: missionEventQueryKey,
  queryFn: () => api.get<MissionEventData>(EVENT_PATHS.missionEvent),
  staleTime: 30_000,
});

/** POST /event/attendance with the day number the page shows (spec §7: cnscAtdn). */
export function postAttendance(cnscAtdn: number) {
  return api.post<AttendanceData>(EVENT_PATHS.attendance, { cnscAtdn });
}

/** POST /event/mission: an ad view, a watch log, a share, or the link-account claim. */
export function reportMission(body: MissionBody) {
  return api.post<MissionData>(EVENT_PATHS.mission, body);
}

/** After a success: user info (coins) and mission data are fetched again (spec §4). */
export function refreshMissionState(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: userInfoQueryKey }),
    queryClient.invalidateQueries({ queryKey: missionEventQueryKey }),
  ]);
}
