import { queryOptions, useQuery } from '@tanstack/react-query';
import { EVENT_PATHS, type AdConfigData } from '@snapdrama/contract';
import { api } from '../api/api';

/** The server's ad settings (stand-in allowed, minimum view, cooldown, cap, mission ad units). */
export const adConfigQuery = queryOptions({
  queryKey: ['event', 'ad-config'] as const,
  queryFn: () => api.get<AdConfigData>(EVENT_PATHS.adConfig),
  staleTime: Infinity,
});

export function useAdConfig() {
  return useQuery(adConfigQuery);
}
