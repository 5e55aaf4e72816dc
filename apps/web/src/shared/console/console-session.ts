import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPaths, type OperatorMeData, type OperatorProfile } from '@snapdrama/contract';
import { ConsoleApiError, adminPath, consoleApi } from './console-api';

export const meQuery = queryOptions({
  queryKey: ['console', 'me'],
  queryFn: async (): Promise<OperatorProfile | null> => {
    try {
      return (await consoleApi.get<OperatorMeData>(adminPath(adminPaths.me()))).operator;
    } catch (error) {
      if (error instanceof ConsoleApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 5 * 60_000,
  retry: false,
});

/** The signed-in operator (null: signed out; undefined: still loading). */
export function useOperator() {
  return useQuery(meQuery);
}
