import type Hls from 'hls.js';
import type { Loader, LoaderCallbacks, LoaderConfiguration, PlaylistLoaderContext } from 'hls.js';
import type { EpisodeStartData } from '@snapdrama/contract';
import { nextTask } from '../tasks/next-task';

/*
 * The playlists an episode start carries (decision 0500, cold start): hls.js takes them from
 * memory instead of two more round trips. Keyed by their absolute signed URL, used once (a later
 * load of the same URL, e.g. after an error, goes to the network).
 */

const KEPT = 16;
const playlists = new Map<string, string>();

const absolute = (url: string) =>
  new URL(url, typeof window === 'undefined' ? 'http://localhost/' : window.location.href).href;

/** Keeps the playlists of a start response for the player that opens it. */
export function rememberPlaylists(list: EpisodeStartData['playlistList']): void {
  for (const { videoUrl, playlist } of list ?? []) {
    const key = absolute(videoUrl);
    playlists.delete(key);
    playlists.set(key, playlist);
  }
  // the oldest go first: a long session does not hoard playlists nobody asked for
  for (const key of playlists.keys()) {
    if (playlists.size <= KEPT) break;
    playlists.delete(key);
  }
}

/** The kept text of a playlist URL, once. */
export function takePlaylist(url: string): string | undefined {
  const key = absolute(url);
  const text = playlists.get(key);
  if (text !== undefined) playlists.delete(key);
  return text;
}

/** hls.js's playlist loader, answering from the kept playlists first. */
export function playlistLoader(HlsClass: typeof Hls) {
  const Network = HlsClass.DefaultConfig.loader;
  return class KeptPlaylistLoader extends Network implements Loader<PlaylistLoaderContext> {
    declare context: PlaylistLoaderContext | null;

    override load(
      context: PlaylistLoaderContext,
      config: LoaderConfiguration,
      callbacks: LoaderCallbacks<PlaylistLoaderContext>,
    ): void {
      const text = takePlaylist(context.url);
      if (text === undefined) {
        super.load(context, config, callbacks as never);
        return;
      }
      this.context = context;
      const { stats } = this;
      const now = performance.now();
      stats.loading.start = now;
      stats.loading.first = now;
      stats.loading.end = now;
      stats.loaded = text.length;
      stats.total = text.length;
      // hls.js expects the answer after load() returns, as from the network, and in a task of
      // its own as from the network: answered in a microtask, the master, the media playlist
      // and the first segment's request ran as one long task after the caller's (decision 0500)
      void nextTask().then(() => {
        if (stats.aborted) return;
        callbacks.onSuccess({ url: context.url, data: text }, stats, context, null);
      });
    }
  };
}
