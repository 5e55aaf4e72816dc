import { describe, expect, it } from 'vitest';
import type { EpisodeStartData } from '@snapdrama/contract';
import { firstSegmentsOf, startRendition, startSegmentUrls, variantsOf } from './start-segments';

const q = 'expires=1900000000&sig=abc';
const base = 'https://snap.example/1/1';
const master = [
  '#EXTM3U',
  '#EXT-X-VERSION:7',
  '#EXT-X-STREAM-INF:BANDWIDTH=1086000,RESOLUTION=480x854,CODECS="avc1.64001e,mp4a.40.2"',
  `480p/index.m3u8?${q}`,
  '#EXT-X-STREAM-INF:BANDWIDTH=2328000,RESOLUTION=720x1280,CODECS="avc1.64001f,mp4a.40.2"',
  `720p/index.m3u8?${q}`,
  '#EXT-X-STREAM-INF:BANDWIDTH=3978000,RESOLUTION=1080x1920,CODECS="avc1.640028,mp4a.40.2"',
  `1080p/index.m3u8?${q}`,
  '',
].join('\n');
const media = (name: string) =>
  [
    '#EXTM3U',
    '#EXT-X-TARGETDURATION:2',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXT-X-MAP:URI="init.mp4?${q}"`,
    '#EXTINF:1.000000,',
    `seg_000.m4s?${q}`,
    '#EXTINF:2.000000,',
    `seg_001.m4s?${q}`,
    '#EXT-X-ENDLIST',
    `# ${name}`,
  ].join('\n');

const start = (withPlaylists = true): EpisodeStartData => ({
  logId: 'l1',
  videoUrlList: [
    { quality: 'Auto', videoUrl: `/media/1/1/master.m3u8?${q}` },
    { quality: '480p', videoUrl: `/media/1/1/480p/index.m3u8?${q}` },
  ],
  playlistList: withPlaylists
    ? [
        { videoUrl: `/media/1/1/master.m3u8?${q}`, playlist: master },
        ...['480p', '720p', '1080p'].map((name) => ({
          videoUrl: `/media/1/1/${name}/index.m3u8?${q}`,
          playlist: media(name),
        })),
      ]
    : undefined,
});

describe('start segments', () => {
  it('reads the renditions of a master playlist with absolute URLs', () => {
    expect(variantsOf(master, `${base.replace('/1/1', '')}/media/1/1/master.m3u8?${q}`)).toEqual(
      [
        [480, 854, '480p', '64001e'],
        [720, 1280, '720p', '64001f'],
        [1080, 1920, '1080p', '640028'],
      ].map(([width, height, name, profile]) => ({
        width,
        height,
        url: `https://snap.example/media/1/1/${name}/index.m3u8?${q}`,
        codecs: `avc1.${profile},mp4a.40.2`,
      })),
    );
  });

  it("gives the start's rendition with its codecs and as many segments as asked for", () => {
    const screen = { quality: 'Auto', heightPx: 844, isMobile: true, base } as const;
    expect(startRendition(start(), screen, 3)).toEqual({
      codecs: 'avc1.64001e,mp4a.40.2',
      urls: ['init.mp4', 'seg_000.m4s', 'seg_001.m4s'].map(
        (file) => `https://snap.example/media/1/1/480p/${file}?${q}`,
      ),
    });
    expect(startRendition(start(false), screen, 3)).toBeUndefined();
  });

  it('takes the init segment and the first media segment, nothing more', () => {
    expect(firstSegmentsOf(media('x'), `https://cdn.example/m/480p/index.m3u8?${q}`)).toEqual([
      `https://cdn.example/m/480p/init.mp4?${q}`,
      `https://cdn.example/m/480p/seg_000.m4s?${q}`,
    ]);
    // MPEG-TS playlists have no init segment
    expect(
      firstSegmentsOf('#EXTM3U\n#EXTINF:2,\na.ts\n#EXTINF:2,\nb.ts', 'https://x.example/p/i.m3u8'),
    ).toEqual(['https://x.example/p/a.ts']);
  });

  it.each([
    ['a phone (capped at 720p)', 'Auto', 2532, true, '720p'],
    ['a desktop player 800 px tall', 'Auto', 800, false, '480p'],
    ['a fixed quality over the screen', '1080p', 800, true, '1080p'],
  ] as const)(
    'picks the level the player starts on: %s',
    (_n, quality, heightPx, isMobile, want) => {
      expect(startSegmentUrls(start(), { quality, heightPx, isMobile, base })).toEqual([
        `https://snap.example/media/1/1/${want}/init.mp4?${q}`,
        `https://snap.example/media/1/1/${want}/seg_000.m4s?${q}`,
      ]);
    },
  );

  it('a start without playlists fetches nothing', () => {
    const screen = { quality: 'Auto', heightPx: 800, isMobile: false, base } as const;
    expect(startSegmentUrls(start(false), screen)).toEqual([]);
  });
});
