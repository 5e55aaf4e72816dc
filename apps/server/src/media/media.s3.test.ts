import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, subtitlePath } from '@snapdrama/contract';
import { bearer, createTestContext, joinGuest, type TestContext } from '../test/harness';
import { startS3Server } from '../test/s3-server';

const CDN = 'https://cdn.snapdrama.example';
let s3: Awaited<ReturnType<typeof startS3Server>>;
let ctx: TestContext;

beforeAll(async () => {
  s3 = await startS3Server();
  // the service writes the demo seed (posters, subtitles) into the bucket and serves from it
  ctx = await createTestContext({
    objectStorage: s3.config,
    env: { MEDIA_PUBLIC_BASE_URL: CDN },
  });
});
afterAll(async () => {
  await ctx.close();
  await s3.close();
});

const uris = (playlist: string) => playlist.split('\n').filter((l) => l && !l.startsWith('#'));

describe('media from an S3 bucket behind a CDN', () => {
  it('signed CDN URLs carry the service path and play from the bucket', async () => {
    const guest = await joinGuest(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/drama/episode`,
      headers: bearer(guest),
      payload: { dramId: 1, epsd: 1 },
    });
    const urls = res.json<{ data: { videoUrlList: { quality: string; videoUrl: string }[] } }>()
      .data.videoUrlList;
    const auto = urls.find((u) => u.quality === 'Auto')?.videoUrl ?? '';
    expect(auto.startsWith(`${CDN}/media/1/1/master.m3u8?expires=`)).toBe(true);

    // the CDN forwards path and query unchanged to the service, its origin
    const origin = auto.slice(CDN.length);
    const master = await ctx.app.inject({ method: 'GET', url: origin });
    expect(master.statusCode).toBe(200);
    const child = uris(master.body)[0] ?? '';
    const base = origin.slice(0, origin.lastIndexOf('/') + 1);
    const playlist = await ctx.app.inject({ method: 'GET', url: base + child });
    expect(playlist.statusCode).toBe(200);
    const dir = base + child.slice(0, child.lastIndexOf('/') + 1);
    const segment = uris(playlist.body)[0] ?? '';
    const bytes = await ctx.app.inject({ method: 'GET', url: dir + segment });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('video/iso.segment');
    expect(Number(bytes.headers['content-length'])).toBe(bytes.rawPayload.length);
    expect(bytes.rawPayload.length).toBeGreaterThan(1000);

    // a tampered signature is refused before the bucket is asked
    const bad = await ctx.app.inject({ method: 'GET', url: origin.replace(/sig=./, 'sig=A') });
    expect(bad.statusCode).toBe(403);
  });

  it('posters and subtitles written by the seed are served from the bucket', async () => {
    const info = await ctx.app.inject({ method: 'GET', url: `${API_BASE}/drama/info/1` });
    const poster = /"(\/resources\/[^"?]+)/.exec(info.body)?.[1] ?? '';
    expect(poster).not.toBe('');
    expect(await ctx.storage.exists(poster.slice(1))).toBe(true);
    const image = await ctx.app.inject({ method: 'GET', url: poster });
    expect(image.statusCode).toBe(200);
    const subtitles = await ctx.app.inject({ method: 'GET', url: subtitlePath(1, 1) });
    expect(subtitles.statusCode).toBe(200);
    expect(subtitles.headers['content-type']).toContain('application/json');
  });

  it('readiness checks the bucket', async () => {
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    await s3.close();
    const down = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    s3 = await startS3Server(); // afterAll closes a running one
  });
});
