import type Hls from 'hls.js';
import type { LoaderCallbacks, LoaderConfiguration, PlaylistLoaderContext } from 'hls.js';
import { describe, expect, it, vi } from 'vitest';
import { playlistLoader, rememberPlaylists, takePlaylist } from './start-playlists';

const q = 'expires=1900000000&sig=abc';

describe('start playlists', () => {
  it('answers a playlist URL once, by its absolute address', () => {
    rememberPlaylists([{ videoUrl: `/media/1/1/master.m3u8?${q}`, playlist: '#EXTM3U master' }]);
    expect(takePlaylist(`http://localhost/media/1/1/master.m3u8?${q}`)).toBe('#EXTM3U master');
    expect(takePlaylist(`http://localhost/media/1/1/master.m3u8?${q}`)).toBeUndefined();
  });

  it('knows nothing of another signature or episode', () => {
    rememberPlaylists([{ videoUrl: `/media/1/2/master.m3u8?${q}`, playlist: '#EXTM3U' }]);
    expect(takePlaylist('/media/1/2/master.m3u8?expires=1900000001&sig=abc')).toBeUndefined();
    expect(takePlaylist(`/media/1/3/master.m3u8?${q}`)).toBeUndefined();
    expect(takePlaylist(`/media/1/2/master.m3u8?${q}`)).toBe('#EXTM3U');
  });

  it('keeps the latest 16 and drops the oldest, and takes an absent list', () => {
    rememberPlaylists(undefined);
    rememberPlaylists(
      Array.from({ length: 20 }, (_, i) => ({
        videoUrl: `/media/2/${i + 1}/master.m3u8?${q}`,
        playlist: `#EXTM3U ${i + 1}`,
      })),
    );
    expect(takePlaylist(`/media/2/4/master.m3u8?${q}`)).toBeUndefined();
    expect(takePlaylist(`/media/2/5/master.m3u8?${q}`)).toBe('#EXTM3U 5');
    expect(takePlaylist(`/media/2/20/master.m3u8?${q}`)).toBe('#EXTM3U 20');
  });

  it('answers a kept playlist in a task of its own, and asks the network for any other', async () => {
    const fetched: string[] = [];
    class Network {
      stats = {
        aborted: false,
        loaded: 0,
        total: 0,
        loading: { start: 0, first: 0, end: 0 },
      };
      load(context: PlaylistLoaderContext) {
        fetched.push(context.url);
      }
    }
    const Loader = playlistLoader({ DefaultConfig: { loader: Network } } as unknown as typeof Hls);
    rememberPlaylists([{ videoUrl: `/media/3/1/master.m3u8?${q}`, playlist: '#EXTM3U kept' }]);
    const onSuccess = vi.fn();
    const callbacks = { onSuccess } as unknown as LoaderCallbacks<PlaylistLoaderContext>;
    const config = {} as LoaderConfiguration;
    const kept = { url: `http://localhost/media/3/1/master.m3u8?${q}` } as PlaylistLoaderContext;
    new Loader({} as never).load(kept, config, callbacks);
    await Promise.resolve();
    // not in the caller's task, microtasks included
    expect(onSuccess).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onSuccess).toHaveBeenCalledWith(
      { url: kept.url, data: '#EXTM3U kept' },
      expect.objectContaining({ loaded: '#EXTM3U kept'.length }),
      kept,
      null,
    );
    const other = { url: `http://localhost/media/3/2/master.m3u8?${q}` } as PlaylistLoaderContext;
    new Loader({} as never).load(other, config, callbacks);
    expect(fetched).toEqual([other.url]);
  });
});
