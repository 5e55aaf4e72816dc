import { describe, expect, it } from 'vitest';
import { rememberPlaylists, takePlaylist } from './start-playlists';

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
});
