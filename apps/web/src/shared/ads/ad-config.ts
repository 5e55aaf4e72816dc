import { queryOptions, useQuery } from '@tanstack/react-query';
import { EVENT_PATHS, type AdConfigData } from '@snapdrama/contract';
import { api } from '../api/api';

/** The server's ad settings (stand-in allowed, minimum view, cooldown, cap, mission ad units). */
export const adConfigQuery = queryOptions({
  queryKey: ['event', 'ad-config'] as const,
  queryFn: () => api.get<AdConfigData>(EVENT_PATHS.adConfig),
  // operators change the limits in the console (the server keeps them at most 30 s): a page
  // opened later follows them, never a number the page kept (issue 40 item 5)
  staleTime: 30_000,
});

export function useAdConfig() {
  return useQuery(adConfigQuery);
}
