import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  AD_UNLOCK_COOLDOWN_SECONDS,
  CAPTION_BACKGROUNDS,
  CAPTION_SIZES,
  DEFAULT_VIDEO_SETTINGS,
  OPTION_SHEET_HEIGHTS,
  PLAYBACK_SPEEDS,
  SUBTITLE_LANGUAGES,
  SWIPE_FLICK_MIN_PX,
  SWIPE_FLICK_PX_PER_MS,
  SWIPE_LAND_RATIO,
  VIDEO_QUALITIES,
  adCooldownRemaining,
  autoLevelCap,
  coinUnlockAction,
  decideSwipe,
  episodeSheetHeight,
  episodeTabs,
  firstLevel,
  formatLastUnlockTime,
  isSignedUrlExpired,
  levelForQuality,
  normalizeVideoSettings,
  parseLastUnlockTime,
  playbackRate,
  releaseVelocity,
  shouldReportWatchMission,
  signedUrlExpiry,
  subtitleAt,
  tabOfEpisode,
  type Rendition,
  type SwipePoint,
} from './player';

const LADDER: Rendition[] = [
  { width: 480, height: 854 },
  { width: 720, height: 1280 },
  { width: 1080, height: 1920 },
];

describe('constants of the spec', () => {
  it('speeds, qualities, subtitles, sheet heights', () => {
    expect(PLAYBACK_SPEEDS.map((s) => [s.key, s.rate])).toEqual([
      ['slow', 0.5],
      ['medium', 0.75],
      ['normal', 1],
      ['fast', 1.25],
      ['faster', 1.5],
      ['fastest', 2],
    ]);
    expect(VIDEO_QUALITIES).toEqual(['Auto', '480p', '720p', '1080p']);
    expect(SUBTITLE_LANGUAGES).toEqual(['none', 'ko', 'en']);
    expect(OPTION_SHEET_HEIGHTS).toEqual({
      main: 280,
      quality: 280,
      speed: 340,
      subtitle: 240,
      caption: 440,
    });
    expect(episodeSheetHeight(true)).toBe(460);
    expect(episodeSheetHeight(false)).toBe(600);
    expect(DEFAULT_VIDEO_SETTINGS).toMatchObject({
      speed: 'normal',
      quality: 'Auto',
      subtitle: 'none',
      captionSize: 'medium',
      captionBackground: 'translucent',
    });
  });

  it.each(PLAYBACK_SPEEDS.map((s) => [s.key, s.rate] as const))('speed %s → rate %d', (k, r) => {
    expect(playbackRate(k)).toBe(r);
  });
});

describe('normalizeVideoSettings', () => {
  it.each([
    ['nothing stored', undefined, DEFAULT_VIDEO_SETTINGS],
    ['not an object', 'x', DEFAULT_VIDEO_SETTINGS],
    [
      'a valid record',
      {
        muted: true,
        speed: 'fast',
        quality: '720p',
        subtitle: 'ko',
        captionSize: 'xlarge',
        captionBackground: 'solid',
        toolVisible: true,
        autoplay: false,
      },
      {
        muted: true,
        speed: 'fast',
        quality: '720p',
        subtitle: 'ko',
        captionSize: 'xlarge',
        captionBackground: 'solid',
        toolVisible: true,
        autoplay: false,
      },
    ],
    [
      'bad fields fall back one by one',
      {
        muted: 'yes',
        speed: 'warp',
        quality: '4k',
        subtitle: 'ja',
        captionSize: 'huge',
        captionBackground: 7,
        autoplay: false,
      },
      { ...DEFAULT_VIDEO_SETTINGS, autoplay: false },
    ],
  ])('%s', (_name, stored, want) => {
    expect(normalizeVideoSettings(stored)).toEqual(want);
  });

  it('always yields a valid record (property)', () => {
    fc.assert(
      fc.property(fc.anything(), (stored) => {
        const s = normalizeVideoSettings(stored);
        expect(PLAYBACK_SPEEDS.some((p) => p.key === s.speed)).toBe(true);
        expect(VIDEO_QUALITIES).toContain(s.quality);
        expect(SUBTITLE_LANGUAGES).toContain(s.subtitle);
        expect(CAPTION_SIZES).toContain(s.captionSize);
        expect(CAPTION_BACKGROUNDS).toContain(s.captionBackground);
        expect(typeof s.muted).toBe('boolean');
        expect(normalizeVideoSettings(s)).toEqual(s);
      }),
    );
  });
});

describe('quality levels', () => {
  it.each([
    ['mobile caps Auto at 720p', true, 1],
    ['desktop allows 1080p', false, 2],
  ])('%s', (_n, mobile, want) => {
    expect(autoLevelCap(LADDER, mobile)).toBe(want);
  });

  it('a ladder above the cap falls back to its lowest rendition', () => {
    expect(
      autoLevelCap(
        [
          { width: 2160, height: 3840 },
          { width: 1440, height: 2560 },
        ],
        true,
      ),
    ).toBe(1);
    expect(autoLevelCap([], true)).toBe(-1);
  });

  it.each([
    ['Auto', -1],
    ['480p', 0],
    ['720p', 1],
    ['1080p', 2],
  ] as const)('fixed quality %s → level %i', (q, want) => {
    expect(levelForQuality(LADDER, q)).toBe(want);
  });

  it.each([
    ['small phone player', 700, true, 0],
    ['tall phone player', 1000, true, 1],
    ['retina phone never beyond HD', 2400, true, 1],
    ['desktop player 1000 px', 1000, false, 1],
    ['desktop player 1600 px', 1600, false, 2],
  ])('Auto cap for the player: %s', (_n, px, mobile, want) => {
    expect(autoLevelCap(LADDER, mobile, px)).toBe(want);
  });

  it('the first level is the fixed quality when one is set, else the start level', () => {
    expect(firstLevel(LADDER, '1080p', 700, true)).toBe(2);
    expect(firstLevel(LADDER, '480p', 2400, false)).toBe(0);
    expect(firstLevel(LADDER, 'Auto', 2400, true)).toBe(1);
    expect(firstLevel(LADDER, 'Auto', 700, false)).toBe(0);
    // a fixed quality the ladder lacks starts as Auto would
    expect(firstLevel(LADDER.slice(0, 2), '1080p', 1000, false)).toBe(1);
  });

  it('the cap for a player never exceeds the cap without one, nor goes below what covers it (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 144, max: 2160 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.boolean(),
        (lines, px, mobile) => {
          const levels = lines.map((l) => ({ width: l, height: Math.round((l * 16) / 9) }));
          const i = autoLevelCap(levels, mobile, px);
          const cap = autoLevelCap(levels, mobile);
          expect(i).toBeGreaterThanOrEqual(0);
          expect(levels[i]?.width).toBeLessThanOrEqual(levels[cap]?.width ?? 0);
          // a smaller rendition within the cap would not cover the player
          for (const level of levels)
            if (level.width < (levels[i]?.width ?? 0)) expect(level.height).toBeLessThan(px);
        },
      ),
    );
  });
});

describe('signed URL expiry', () => {
  it.each([
    ['/media/1/2/master.m3u8?expires=1700000000&sig=abc', 1_700_000_000],
    ['/media/1/2/master.m3u8?sig=abc&expires=42', 42],
    ['https://cdn.example/x.m3u8?expires=5#t=1', 5],
    ['/media/1/2/master.m3u8', undefined],
    ['/media/1/2/master.m3u8?expires=soon&sig=abc', undefined],
    ['/media/1/2/master.m3u8?expires=&sig=abc', undefined],
  ])('%s → %s', (url, want) => {
    expect(signedUrlExpiry(url)).toBe(want);
  });

  it('expired within the margin, never when unsigned', () => {
    const url = '/m.m3u8?expires=1000&sig=x';
    expect(isSignedUrlExpired(url, 994_000)).toBe(false);
    expect(isSignedUrlExpired(url, 995_000)).toBe(true);
    expect(isSignedUrlExpired(url, 2_000_000)).toBe(true);
    expect(isSignedUrlExpired('/m.m3u8', 9e15)).toBe(false);
  });

  it('expiry is monotonic in time (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4e9 }),
        fc.integer({ min: 0, max: 4e12 }),
        fc.integer({ min: 0, max: 1e9 }),
        (expires, now, later) => {
          const url = `/m.m3u8?expires=${expires}&sig=s`;
          if (isSignedUrlExpired(url, now)) expect(isSignedUrlExpired(url, now + later)).toBe(true);
        },
      ),
    );
  });
});

describe('episode tabs of 30', () => {
  it.each([
    [0, []],
    [1, ['1-1']],
    [30, ['1-30']],
    [31, ['1-30', '31-31']],
    [60, ['1-30', '31-60']],
    [75, ['1-30', '31-60', '61-75']],
  ])('%i episodes → %j', (total, want) => {
    expect(episodeTabs(total).map((t) => t.label)).toEqual(want);
  });

  it.each([
    [1, 0],
    [30, 0],
    [31, 1],
    [60, 1],
    [61, 2],
  ])('episode %i is in tab %i', (epsd, tab) => {
    expect(tabOfEpisode(epsd)).toBe(tab);
  });

  it('tabs cover 1..total exactly once, and each episode is in its tab (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), (total) => {
        const tabs = episodeTabs(total);
        const covered = tabs.flatMap((t) =>
          Array.from({ length: t.to - t.from + 1 }, (_, i) => t.from + i),
        );
        expect(covered).toEqual(Array.from({ length: total }, (_, i) => i + 1));
        for (let e = 1; e <= total; e++) {
          const tab = tabs[tabOfEpisode(e)];
          expect(tab && e >= tab.from && e <= tab.to).toBe(true);
        }
      }),
    );
  });
});

describe('ad cooldown', () => {
  const at = (s: string) => (parseLastUnlockTime(s) ?? new Date(NaN)).getTime();
  it.each([
    ['never unlocked', null, '2026-03-01 12:00:00', 0],
    ['malformed', '2026/03/01', '2026-03-01 12:00:00', 0],
    ['impossible date', '2026-02-31 12:00:00', '2026-03-01 12:00:00', 0],
    ['just now', '2026-03-01 12:00:00', '2026-03-01 12:00:00', 180],
    ['a minute ago', '2026-03-01 11:59:00', '2026-03-01 12:00:00', 120],
    ['exactly 180 s ago', '2026-03-01 11:57:00', '2026-03-01 12:00:00', 0],
    ['in the future', '2026-03-01 12:10:00', '2026-03-01 12:00:00', 180],
  ])('%s', (_n, last, now, want) => {
    expect(adCooldownRemaining(last, at(now), AD_UNLOCK_COOLDOWN_SECONDS)).toBe(want);
  });

  it.each([
    ['operators set 60 s: a minute ago is over', '2026-03-01 11:59:00', 60, 0],
    ['operators set 60 s: 30 s ago', '2026-03-01 11:59:30', 60, 30],
    ['operators set 600 s', '2026-03-01 11:59:00', 600, 540],
    ['operators turned it off', '2026-03-01 12:00:00', 0, 0],
  ])('%s', (_n, last, seconds, want) => {
    expect(adCooldownRemaining(last, at('2026-03-01 12:00:00'), seconds)).toBe(want);
  });

  it('round-trips the stored format and stays within 0..180 (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(2000, 0, 1), max: new Date(2099, 0, 1), noInvalidDate: true }),
        fc.integer({ min: -1e6, max: 1e6 }),
        (date, delta) => {
          const stored = formatLastUnlockTime(date);
          const parsed = parseLastUnlockTime(stored);
          expect(parsed && formatLastUnlockTime(parsed)).toBe(stored);
          const left = adCooldownRemaining(
            stored,
            date.getTime() + delta * 1000,
            AD_UNLOCK_COOLDOWN_SECONDS,
          );
          expect(left).toBeGreaterThanOrEqual(0);
          expect(left).toBeLessThanOrEqual(AD_UNLOCK_COOLDOWN_SECONDS);
        },
      ),
    );
  });
});

describe('coin unlock action', () => {
  it.each([
    [0, 40, 'payment'],
    [39, 40, 'payment'],
    [40, 40, 'unlock'],
    [1000, 40, 'unlock'],
  ] as const)('balance %i, price %i → %s', (balance, price, want) => {
    expect(coinUnlockAction(balance, price)).toBe(want);
  });
});

describe('watch mission at 90 %', () => {
  it.each([
    [
      'signed-in at 90 %',
      { currentTime: 9, duration: 10, alreadyReported: false, isGuest: false },
      true,
    ],
    [
      'signed-in at 89 %',
      { currentTime: 8.9, duration: 10, alreadyReported: false, isGuest: false },
      false,
    ],
    [
      'guest at 100 %',
      { currentTime: 10, duration: 10, alreadyReported: false, isGuest: true },
      false,
    ],
    [
      'already reported',
      { currentTime: 10, duration: 10, alreadyReported: true, isGuest: false },
      false,
    ],
    [
      'unknown duration',
      { currentTime: 5, duration: NaN, alreadyReported: false, isGuest: false },
      false,
    ],
    [
      'zero duration',
      { currentTime: 0, duration: 0, alreadyReported: false, isGuest: false },
      false,
    ],
  ])('%s', (_n, input, want) => {
    expect(shouldReportWatchMission(input)).toBe(want);
  });
});

describe('subtitleAt', () => {
  const cues = [
    { start: 0.5, end: 2.7, text: { ko: '안녕', en: 'Hello' } },
    { start: 3.5, end: 5.7, text: { ko: '잘 가', en: '' } },
  ];
  it.each([
    [0.2, 'ko', undefined],
    [0.5, 'ko', '안녕'],
    [1, 'en', 'Hello'],
    [2.7, 'ko', undefined],
    [4, 'ko', '잘 가'],
    [4, 'en', undefined],
    [1, 'none', undefined],
  ] as const)('at %d s in %s → %s', (time, lang, want) => {
    expect(subtitleAt(cues, time, lang)).toBe(want);
  });
});

/** A straight drag as a 60 Hz screen samples it: `distance` px (negative = up) over `ms`. */
function drag(distance: number, ms: number, start = 700, t0 = 1_000): SwipePoint[] {
  const steps = Math.max(1, Math.round(ms / 16));
  return Array.from({ length: steps + 1 }, (_, i) => ({
    time: t0 + (ms * i) / steps,
    position: start + (distance * i) / steps,
  }));
}
const releaseOf = (points: SwipePoint[]) => points[points.length - 1]?.time ?? 0;
const SLIDE = 844;

describe('decideSwipe (decision 0520)', () => {
  it('lands from a quarter of the slide whatever the duration; a slow short drag settles', () => {
    // [share of the slide, duration ms, outcome of an upward drag]
    const table: [number, number, 'next' | 'stay'][] = [
      [0.1, 800, 'stay'],
      [0.2, 800, 'stay'],
      [0.2, 400, 'stay'],
      [0.2, 300, 'stay'],
      [0.25, 800, 'next'],
      [0.3, 800, 'next'],
      [0.4, 700, 'next'],
      [0.4, 450, 'next'],
      [0.55, 300, 'next'],
      [0.7, 100, 'next'],
      // flicks: fast enough at the release, however short
      [0.1, 100, 'next'],
      [0.2, 200, 'next'],
      [0.2, 100, 'next'],
    ];
    for (const [share, ms, outcome] of table) {
      const up = drag(-share * SLIDE, ms);
      expect(decideSwipe(up, releaseOf(up), SLIDE), `${share} up in ${ms} ms`).toBe(outcome);
      const down = drag(share * SLIDE, ms);
      const mirrored = outcome === 'next' ? 'prev' : 'stay';
      expect(decideSwipe(down, releaseOf(down), SLIDE), `${share} down in ${ms} ms`).toBe(mirrored);
    }
  });

  it('a flick back towards the start settles, even after a long drag', () => {
    const out = drag(-0.5 * SLIDE, 600);
    const last = out[out.length - 1] ?? { time: 0, position: 0 };
    const back = [...out, ...drag(120, 80, last.position, last.time).slice(1)];
    expect(decideSwipe(back, releaseOf(back), SLIDE)).toBe('stay');
  });

  it('a fast flick too short to be more than jitter settles', () => {
    const jitter = drag(-(SWIPE_FLICK_MIN_PX - 1), 16);
    expect(decideSwipe(jitter, releaseOf(jitter), SLIDE)).toBe('stay');
  });

  it('a finger that stops before letting go releases no velocity', () => {
    const points = drag(-0.2 * SLIDE, 100);
    expect(decideSwipe(points, releaseOf(points), SLIDE)).toBe('next');
    expect(decideSwipe(points, releaseOf(points) + 150, SLIDE)).toBe('stay');
    expect(releaseVelocity(points, releaseOf(points) + 150)).toBe(0);
  });

  it('nothing to decide without a drag or a slide', () => {
    expect(decideSwipe([], 0, SLIDE)).toBe('stay');
    expect(decideSwipe([{ time: 0, position: 10 }], 0, SLIDE)).toBe('stay');
    const points = drag(-400, 300);
    expect(decideSwipe(points, releaseOf(points), 0)).toBe('stay');
  });

  it('reads the release velocity from sparse samples (moves merged while busy)', () => {
    const sparse: SwipePoint[] = [
      { time: 0, position: 700 },
      { time: 150, position: 640 },
    ];
    expect(releaseVelocity(sparse, 150)).toBeCloseTo(-0.4);
    expect(releaseVelocity(drag(-84, 100), 1_100)).toBeCloseTo(-0.84);
  });

  const straightDrag = fc.record({
    distance: fc.double({ min: 1, max: 800, noNaN: true }),
    ms: fc.integer({ min: 16, max: 3_000 }),
    up: fc.boolean(),
  });

  it('duration never turns a drag past the landing share back (property)', () => {
    fc.assert(
      fc.property(straightDrag, ({ distance, ms, up }) => {
        const points = drag((up ? -1 : 1) * distance, ms);
        const outcome = decideSwipe(points, releaseOf(points), SLIDE);
        if (distance >= SWIPE_LAND_RATIO * SLIDE) expect(outcome).toBe(up ? 'next' : 'prev');
        else if (distance / ms < SWIPE_FLICK_PX_PER_MS * 0.99) expect(outcome).toBe('stay');
      }),
    );
  });

  it('mirroring a drag mirrors the outcome; moving it in time or space changes nothing (property)', () => {
    fc.assert(
      fc.property(
        straightDrag,
        fc.integer({ min: -10_000, max: 10_000 }),
        fc.integer({ min: -500, max: 500 }),
        ({ distance, ms, up }, dt, dy) => {
          const points = drag((up ? -1 : 1) * distance, ms);
          const outcome = decideSwipe(points, releaseOf(points), SLIDE);
          const mirrored = points.map((p) => ({ time: p.time, position: 1_400 - p.position }));
          const flip = { next: 'prev', prev: 'next', stay: 'stay' } as const;
          expect(decideSwipe(mirrored, releaseOf(mirrored), SLIDE)).toBe(flip[outcome]);
          const moved = points.map((p) => ({ time: p.time + dt, position: p.position + dy }));
          expect(decideSwipe(moved, releaseOf(moved), SLIDE)).toBe(outcome);
        },
      ),
    );
  });
});
