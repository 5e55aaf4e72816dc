import { queryOptions } from '@tanstack/react-query';
import {
  progressPaths,
  type EpisodePosition,
  type PositionListData,
  type PositionSaveBody,
} from '@snapdrama/contract';
import { api } from '../../../shared/api/api';

export const positionsQuery = (dramaId: number) =>
  queryOptions({
    queryKey: ['positions', dramaId] as const,
    queryFn: () => api.get<PositionListData>(progressPaths.ofDrama(dramaId)),
    staleTime: 0,
  });

/** keepalive lets the last save finish while the page unloads. */
export function savePosition(body: PositionSaveBody, keepalive: boolean) {
  return api.put<EpisodePosition>(progressPaths.save(), body, {
    keepalive,
    onSessionLost: 'throw',
  });
}
