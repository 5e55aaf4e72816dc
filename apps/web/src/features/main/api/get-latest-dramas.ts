import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_LIST_COUNT, type DramaListData } from '@snapdrama/contract';
import { api } from '../../../shared/api/api';

export function getLatestDramas(count: number, page: number) {
  return api.get<DramaListData>(`/drama/latest/list/${count}/${page}`);
}

export const latestDramasQuery = (count = MAX_LIST_COUNT, page = 1) =>
  queryOptions({
    queryKey: ['drama', 'latest', count, page],
    queryFn: () => getLatestDramas(count, page),
  });

export function useLatestDramas(count?: number, page?: number) {
  return useQuery(latestDramasQuery(count, page));
}
