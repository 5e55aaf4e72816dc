import type { QueryClient } from '@tanstack/react-query';
import { userInfoQuery } from '../../shared/session/user-info';
import { loadHls } from '../../shared/video/load-hls';
import { forYouQuery } from './api/foryou-query';

/**
 * A cold start on /foryou (startFirstRoute): hls.js and the feed's first page go out while the
 * page's code loads, the page once the session is there (it is the viewer's own feed).
 */
export function prefetchForYou(queryClient: QueryClient): void {
  void loadHls().catch(() => undefined);
  void queryClient
    .ensureQueryData(userInfoQuery)
    .then(() => queryClient.prefetchInfiniteQuery(forYouQuery()))
    .catch(() => undefined);
}
