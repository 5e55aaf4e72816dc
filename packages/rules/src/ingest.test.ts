import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  INGEST_MAX_ATTEMPTS,
  episodeNumberFromFileName,
  INGEST_RETRY_MAX_SECONDS,
  ingestProgress,
  ingestRetryDelaySeconds,
  parseFfmpegProgress,
} from './ingest';

describe('ingestRetryDelaySeconds', () => {
  it.each([
    { made: 1, max: 3, want: 30 },
    { made: 2, max: 3, want: 60 },
    { made: 3, max: 3, want: null },
    { made: 4, max: 3, want: null },
    { made: 5, max: 10, want: 480 },
    { made: 7, max: 10, want: 900 },
    { made: 9, max: 10, want: 900 },
    { made: 1, max: 1, want: null },
  ])('after $made of $max attempts: $want', ({ made, max, want }) => {
    expect(ingestRetryDelaySeconds(made, max)).toBe(want);
  });

  it('defaults to three attempts', () => {
    expect(INGEST_MAX_ATTEMPTS).toBe(3);
    expect(ingestRetryDelaySeconds(2)).toBe(60);
    expect(ingestRetryDelaySeconds(3)).toBeNull();
  });

  it('never shrinks and never passes the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 2, max: 80 }), (made, max) => {
        const now = ingestRetryDelaySeconds(made, max);
        const next = ingestRetryDelaySeconds(made + 1, max);
        if (now === null) return next === null;
        if (now > INGEST_RETRY_MAX_SECONDS || now <= 0) return false;
        return next === null || next >= now;
      }),
    );
  });
});

describe('ingestProgress', () => {
  it.each([
    { enc: 0, dur: 30, el: 5, want: { percent: 0, etaSeconds: null } },
    { enc: 15, dur: 30, el: 10, want: { percent: 50, etaSeconds: 10 } },
    { enc: 3, dur: 30, el: 1, want: { percent: 10, etaSeconds: 9 } },
    { enc: 30, dur: 30, el: 20, want: { percent: 99, etaSeconds: 0 } },
    { enc: 31, dur: 30, el: 20, want: { percent: 99, etaSeconds: 0 } },
    { enc: 10, dur: 0, el: 5, want: { percent: 0, etaSeconds: null } },
    { enc: 10, dur: 40, el: 0, want: { percent: 25, etaSeconds: null } },
    { enc: Number.NaN, dur: 40, el: 3, want: { percent: 0, etaSeconds: null } },
  ])('$enc s of $dur s after $el s', ({ enc, dur, el, want }) => {
    expect(ingestProgress(enc, dur, el)).toEqual(want);
  });

  it('percent stays within 0..99 and ETA is never negative', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.double({ min: 0.01, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        (enc, dur, el) => {
          const p = ingestProgress(enc, dur, el);
          return (
            p.percent >= 0 &&
            p.percent <= 99 &&
            Number.isInteger(p.percent) &&
            (p.etaSeconds === null || p.etaSeconds >= 0)
          );
        },
      ),
    );
  });
});

describe('parseFfmpegProgress', () => {
  it('reads out_time_us and the end marker', () => {
    const block =
      'frame=120\nfps=30.0\nout_time_us=4000000\nout_time=00:00:04.000000\nprogress=continue\n';
    expect(parseFfmpegProgress(block)).toEqual({ encodedSeconds: 4, ended: false });
    expect(parseFfmpegProgress('out_time_ms=1500000\nprogress=end')).toEqual({
      encodedSeconds: 1.5,
      ended: true,
    });
  });

  it('ignores N/A and junk', () => {
    expect(parseFfmpegProgress('out_time_us=N/A\nprogress=continue')).toEqual({
      encodedSeconds: null,
      ended: false,
    });
    expect(parseFfmpegProgress('garbage')).toEqual({ encodedSeconds: null, ended: false });
  });
});

describe('episodeNumberFromFileName', () => {
  it.each([
    ['ep03.mp4', 3],
    ['EP3.MOV', 3],
    ['E12.mkv', 12],
    ['episode-7.mp4', 7],
    ['Episode_07_final.mp4', 7],
    ['달빛정원 3화.mp4', 3],
    ['달빛정원 12회.mov', 12],
    ['月光の庭 第5話.mp4', 5],
    ['ｅｐ０４.mp4', 4],
    ['#9 cut.mp4', 9],
    ['drama_07.mp4', 7],
    ['03.mov', 3],
    ['2024 season ep2 1080p.mp4', 2],
    ['moonlit 1080p 4.mp4', 4],
    ['s01e05.mp4', 5],
  ])('%s is episode %s', (name, n) => {
    expect(episodeNumberFromFileName(name)).toBe(n);
  });

  it.each(['trailer.mp4', 'poster 1080p.mp4', 'ep0.mp4', 'ep501.mp4', 'final cut.mov'])(
    '%s has no episode',
    (name) => {
      expect(episodeNumberFromFileName(name)).toBeNull();
    },
  );

  it('a smaller limit bounds the number', () => {
    expect(episodeNumberFromFileName('ep12.mp4', 10)).toBeNull();
    expect(episodeNumberFromFileName('ep10.mp4', 10)).toBe(10);
  });
});
