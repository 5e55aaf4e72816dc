import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReadAnswersBody, UnreadAnswersData } from '@snapdrama/contract';
import { api } from '../api/api';
import { isGuest, useUserInfo } from '../session/user-info';

/**
 * Answers to the viewer's inquiries not opened yet: the badge of the left menu, the profile and the
 * inquiry list (shared, as the shell, profile and support all show it).
 */
export const unreadAnswersQueryKey = ['support', 'unread-answers'] as const;

export function useUnreadAnswers(): number {
  const user = useUserInfo().data?.user;
  const signedIn = !isGuest(user);
  const unread = useQuery({
    queryKey: [...unreadAnswersQueryKey, user?.user_id],
    queryFn: () => api.get<UnreadAnswersData>('/user/qna/unread'),
    enabled: signedIn,
    // an answer written while the app is open shows within a minute, or on coming back to it
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    staleTime: 15_000,
  });
  return signedIn ? (unread.data?.unreadCount ?? 0) : 0;
}

/** Marks answers read (these inquiries, or all); the badge clears wherever it shows. */
export function useMarkAnswersRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (qnaIds?: string[]) =>
      api.put<UnreadAnswersData>('/user/qna/read', (qnaIds ? { qnaIds } : {}) as ReadAnswersBody),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: unreadAnswersQueryKey });
    },
  });
}
