import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ResultCode } from '@snapdrama/contract';
import { bearer, joinGuest, type Caller, useTestContext } from '../test/harness';
import { DEMO_FPS } from '../seed/demo';
import { FIRST_SEGMENT_SECONDS, RENDITIONS, SEGMENT_SECONDS } from './hls';

const ctx = useTestContext();
let guest: Caller;

beforeAll(async () => {
  guest = await joinGuest(ctx.app);
});

async function startEpisode(dramId: number, epsd: number) {
  // a fresh caller each time, since some tests move the clock past token expiry
  guest = await joinGuest(ctx.app);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}/drama/episode`,
    headers: bearer(guest),
    payload: { dramId, epsd },
  });
  return res.json<{ data: { videoUrlList: { quality: string; videoUrl: string }[] } }>().data
    .videoUrlList;
}
const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const uris = (playlist: string) => playlist.split('\n').filter((l) => l && !l.startsWith('#'));

describe('generated HLS through signed URLs', () => {
  it('the master lists three 9:16 renditions and every segment of each is fetchable', async () => {
    const urls = await startEpisode(1, 1);
    const auto = urls.find((u) => u.quality === 'Auto')?.videoUrl ?? '';
    const master = await get(auto);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toContain('mpegurl');
    const text = master.body;
    const resolutions = [...text.matchAll(/RESOLUTION=(\d+)x(\d+)/g)].map((m) => [
      Number(m[1]),
      Number(m[2]),
    ]);
    expect(resolutions).toEqual(RENDITIONS.map((r) => [r.width, r.height]));
    for (const [w, h] of resolutions)
      expect(Math.abs((w ?? 0) / (h ?? 1) - 9 / 16)).toBeLessThan(0.01);
    expect(text).toContain('mp4a.40.2');
    // generated demo content is drawn at film's frame rate, and says so
    expect(text.match(/FRAME-RATE=(\d+)/g)).toEqual(RENDITIONS.map(() => `FRAME-RATE=${DEMO_FPS}`));

    const base = auto.slice(0, auto.lastIndexOf('/') + 1);
    const query = auto.slice(auto.indexOf('?'));
    const children = uris(text);
    expect(children).toHaveLength(3);
    for (const child of children) {
      expect(child.endsWith(query)).toBe(true); // the signature is carried into every child URI
      const media = await get(base + child);
      expect(media.statusCode).toBe(200);
      const playlist = media.body;
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist).toMatch(/#EXT-X-TARGETDURATION:2\b/);
      const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)?.[1] ?? '';
      expect(init).toContain('sig=');
      const dir = base + child.slice(0, child.lastIndexOf('/') + 1);
      const initRes = await get(dir + init);
      expect(initRes.statusCode).toBe(200);
      expect(initRes.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
      const segments = uris(playlist);
      expect(segments.length).toBeGreaterThanOrEqual(2);
      const durations = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
      // a short first segment (playback starts sooner), then the usual length
      expect(durations[0]).toBeCloseTo(FIRST_SEGMENT_SECONDS, 1);
      for (const d of durations) expect(d).toBeLessThanOrEqual(SEGMENT_SECONDS + 0.05);
      expect(durations.some((d) => Math.abs(d - SEGMENT_SECONDS) < 0.05)).toBe(true);
      for (const segment of segments) {
        const res = await get(dir + segment);
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.length).toBeGreaterThan(1000);
      }
    }
  });

  it('each quality URL opens its own rendition', async () => {
    const urls = await startEpisode(1, 1);
    for (const r of RENDITIONS) {
      const url = urls.find((u) => u.quality === r.name)?.videoUrl ?? '';
      expect(url).toContain(`/${r.name}/index.m3u8`);
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('#EXT-X-MAP');
    }
  });
});

describe('signature checks', () => {
  const expectForbidden = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, url).toBe(403);
    expect(res.json().code).toBe(ResultCode.MEDIA_SIGNATURE_INVALID);
  };

  it('a missing signature is 403', async () => {
    await expectForbidden('/media/1/1/master.m3u8');
    await expectForbidden('/media/1/1/master.m3u8?expires=9999999999');
  });

  it('a tampered signature or expiry is 403', async () => {
    const auto = (await startEpisode(1, 1))[0]?.videoUrl ?? '';
    const sig = new URL(auto, 'http://x').searchParams.get('sig') ?? '';
    const flipped = sig.slice(0, -2) + (sig.endsWith('AA') ? 'BB' : 'AA');
    await expectForbidden(auto.replace(sig, flipped));
    await expectForbidden(
      auto.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 3600}`),
    );
  });

  it('signatures are not malleable: only the canonical sig and decimal expires open a file', async () => {
    const auto = (await startEpisode(1, 1))[0]?.videoUrl ?? '';
    expect((await get(auto)).statusCode).toBe(200);
    const url = new URL(auto, 'http://x');
    const sig = url.searchParams.get('sig') ?? '';
    const expires = Number(url.searchParams.get('expires'));
    const variants = [
      auto.replace(sig, `${sig}AAAA`), // appended junk decodes to the same first 32 bytes
      auto.replace(sig, `${sig}.`),
      auto.replace(sig, `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`), // unused bits
      auto.replace(`expires=${expires}`, `expires=0x${expires.toString(16)}`),
      auto.replace(`expires=${expires}`, `expires=%2B${expires}`),
      auto.replace(`expires=${expires}`, `expires=0${expires}`),
      auto.replace(`expires=${expires}`, `expires=${expires}.0`),
    ];
    for (const variant of variants) {
      const res = await get(variant);
      expect([400, 403]).toContain(res.statusCode);
      expect(res.json()).toMatchObject({ data: null });
    }
  });

  it('drama and episode numbers in any other spelling are 404 before the signature is read', async () => {
    const auto = (await startEpisode(1, 1))[0]?.videoUrl ?? '';
    expect((await get(auto)).statusCode).toBe(200);
    // one file, one URL: other spellings of 1 would each be a CDN cache key of their own
    for (const spelling of ['0x1', '01', '1.0', '1e0', '+1', '%201', '1%20', '%2B1', '0', '-1']) {
      for (const url of [
        auto.replace('/media/1/1/', `/media/${spelling}/1/`),
        auto.replace('/media/1/1/', `/media/1/${spelling}/`),
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toMatchObject({ code: ResultCode.NOT_FOUND, data: null });
      }
    }
    // unsigned too: the number is judged first
    expect((await get('/media/01/1/master.m3u8')).statusCode).toBe(404);
  });

  it('a signature for one episode opens no other episode', async () => {
    const auto = (await startEpisode(1, 1))[0]?.videoUrl ?? '';
    await expectForbidden(auto.replace('/media/1/1/', '/media/1/2/'));
    await expectForbidden(auto.replace('/media/1/1/', '/media/2/1/'));
    await expectForbidden(auto.replace('/media/1/1/master.m3u8', '/media/1/2/480p/seg_000.m4s'));
  });

  it('an expired URL is 403, for playlists and segments alike', async () => {
    const auto = (await startEpisode(1, 1))[0]?.videoUrl ?? '';
    const segment = auto.replace('master.m3u8', '480p/seg_000.m4s');
    expect((await get(segment)).statusCode).toBe(200);
    ctx.clock.advance((ctx.config.mediaUrlTtlSeconds + 1) * 1000);
    await expectForbidden(auto);
    await expectForbidden(segment);
  });

  it('paths outside the episode’s files are not served even with a valid signature', async () => {
    const auto = (await startEpisode(1, 1))[0]?.videoUrl ?? '';
    for (const path of [
      '../../resources/posters/x.svg',
      '480p/../../../secret',
      'notes.txt',
      '480p/seg_000.m4s.bak',
    ]) {
      const res = await get(auto.replace('master.m3u8', path));
      expect([400, 403, 404], path).toContain(res.statusCode);
    }
  });
});

describe('encoded path traversal', () => {
  // each decodes (once or twice) to a path outside the episode's files or the resources folder
  const TRAVERSALS = [
    '%2e%2e/%2e%2e/resources/posters/x.svg',
    '..%2F..%2F..%2Fpackage.json',
    '480p%2F..%2F..%2F..%2Fsecret',
    '%252e%252e%252f%252e%252e%252fsecret',
    '..%255c..%255csecret',
    '..%5c..%5csecret',
    '%c0%ae%c0%ae/%c0%ae%c0%ae/secret',
    '480p/..%00/seg_000.m4s',
    '%2F%2Fetc%2Fpasswd',
  ];
  const expectRefused = (res: { statusCode: number; body: string }, label: string) => {
    expect([400, 403, 404], label).toContain(res.statusCode);
    const body = JSON.parse(res.body) as { code: number };
    expect(Math.floor(body.code / 1000), label).toBe(res.statusCode);
  };

  it('is refused on signed media URLs, even with a valid signature', async () => {
    const auto = (await startEpisode(1, 1))[0]?.videoUrl ?? '';
    for (const path of TRAVERSALS)
      expectRefused(await get(auto.replace('master.m3u8', path)), path);
  });

  it('is refused on public resources', async () => {
    for (const path of TRAVERSALS) {
      expectRefused(await get(`/resources/${path}`), path);
      expectRefused(await get(`/resources/posters/${path}`), path);
    }
  });
});

describe('public resources', () => {
  it('serves posters and subtitles with their content types', async () => {
    const drama = (await get(`${API_BASE}/drama/info/1`)).json().data.drama;
    const poster = await get(drama.pstr_vrtc_path);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toContain('image/svg+xml');
    const subs = await get('/resources/subtitles/1/ep1.json');
    expect(subs.statusCode).toBe(200);
    const entries = subs.json<{ start: number; end: number; text: Record<string, string> }[]>();
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) {
      expect(e.end).toBeGreaterThan(e.start);
      expect(e.text.ko).toBeTruthy();
      expect(e.text.en).toBeTruthy();
    }
    expect((await get('/resources/subtitles/1/ep999.json')).statusCode).toBe(404);
    expect((await get('/resources/../.jwt-secret')).statusCode).toBe(404);
  });
});
