import { describe, expect, it } from 'vitest';
import { PLAYING_BUFFER_SECONDS, PRELOAD_BUFFER_SECONDS, fastStartConfig } from './load-hls';

describe('fast-start settings', () => {
  it.each([
    [true, PRELOAD_BUFFER_SECONDS],
    [false, PLAYING_BUFFER_SECONDS],
  ])('preload %s buffers %i s ahead and no more, whatever the bitrate', (preload, seconds) => {
    const config = fastStartConfig(preload);
    // hls.js's own maxBufferSize would stretch maxBufferLength up to this bound
    expect(config.maxBufferLength).toBe(seconds);
    expect(config.maxMaxBufferLength).toBe(seconds);
  });
});
