import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyInquiriesData } from '@snapdrama/contract';
import { api } from '../../../shared/api/api';

/** GET /user/qna: the caller's inquiries and the answers, newest first. */
export const getMyInquiries = () => api.get<MyInquiriesData>('/user/qna');

export const myInquiriesQueryKey = ['support', 'my-inquiries'] as const;

export const myInquiriesQuery = () =>
  queryOptions({ queryKey: myInquiriesQueryKey, queryFn: getMyInquiries, staleTime: 0 });

export const useMyInquiries = () => useQuery(myInquiriesQuery());
