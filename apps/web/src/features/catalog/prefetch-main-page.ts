import type { QueryClient } from '@tanstack/react-query';
import { BANNER_MOBILE_QUERY } from '@snapdrama/contract';
import { BANNER_SIZE, FULL_LIST_SIZE } from '@snapdrama/rules';
import { userInfoQuery } from '../../shared/session/user-info';
import {
  allDramasQuery,
  categoriesQuery,
  continueQuery,
  latestQuery,
  shortListQuery,
} from './api/catalog-api';
import { posterUrl } from './components/drama-card';

/**
 * Starts the main page's lists as soon as the route is matched: the public ones in parallel with
 * the session and the dictionary the app shell waits for, the viewer's continue-watching row as
 * soon as the session is there (so that it arrives with the others, not once the page has drawn).
 */
export function prefetchMainPage(queryClient: QueryClient): void {
  // the first banner poster is the page's largest paint: fetch it as soon as its name is known
  void queryClient
    .fetchQuery(latestQuery(BANNER_SIZE))
    .then((data) => {
      const first = data.dramaList[0];
      if (!first) return;
      const mobile = window.matchMedia(BANNER_MOBILE_QUERY).matches;
      const image = new Image();
      image.fetchPriority = 'high';
      image.src = posterUrl(mobile ? first.pstr_vrtc_path : first.pstr_hrzt_path);
    })
    .catch(() => undefined);
  void queryClient.prefetchQuery(shortListQuery('popular', FULL_LIST_SIZE));
  void queryClient.prefetchQuery(shortListQuery('exclusive', FULL_LIST_SIZE));
  void queryClient.prefetchQuery(categoriesQuery());
  void queryClient.prefetchQuery(allDramasQuery());
  void queryClient
    .ensureQueryData(userInfoQuery)
    .then(() => queryClient.prefetchQuery(continueQuery(FULL_LIST_SIZE)))
    .catch(() => undefined);
}
