import { api, tokenStore } from '../../shared/api/api';

/** PUT /auth/change/nickname */
export const changeNickname = (ncknm: string) =>
  api.put<{ ncknm: string }>('/auth/change/nickname', { ncknm });

/** PUT /auth/withdrawal */
export const withdraw = () => api.put<null>('/auth/withdrawal');

/** Back to the root as a new session: the app starts over as a guest (spec §4). */
export function leaveToRoot() {
  tokenStore.clear();
  // after the current task: a layer closing now first gives back the history entry it owned
  window.setTimeout(() => window.location.assign('/'), 0);
}

/** GET /auth/logout; whatever it answers, the session ends here and the page goes to / (spec §8). */
export async function logout() {
  try {
    await api.get<null>('/auth/logout', { onSessionLost: 'throw' });
  } catch {
    // a logout error still leaves
  } finally {
    leaveToRoot();
  }
}
