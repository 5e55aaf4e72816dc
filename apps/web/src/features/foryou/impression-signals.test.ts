import { describe, expect, it } from 'vitest';
import { FORYOU_SKIP_MS, type ForYouSignalBody } from '@snapdrama/contract';
import { createImpressionSignals } from './impression-signals';

function setUp() {
  const sent: ForYouSignalBody[] = [];
  let clock = 1_000;
  const signals = createImpressionSignals(
    (s) => sent.push(s),
    () => clock,
  );
  return { sent, signals, advance: (ms: number) => (clock += ms) };
}

describe('impression signals', () => {
  it('reports shown once, then the watch time when the viewer moves on', () => {
    const { sent, signals, advance } = setUp();
    signals.shown('a');
    signals.playing('a');
    advance(5_000);
    signals.shown('a');
    signals.left('a');
    expect(sent).toEqual([
      { impressionId: 'a', kind: 'shown' },
      { impressionId: 'a', kind: 'watch', watchedMs: 5_000 },
    ]);
  });

  it('a swipe away within the skip time is a skip, with what was watched', () => {
    const { sent, signals, advance } = setUp();
    signals.shown('a');
    signals.playing('a');
    advance(FORYOU_SKIP_MS - 1);
    signals.left('a');
    expect(sent.map((s) => s.kind)).toEqual(['shown', 'skip', 'watch']);
  });

  it('at the skip time or later it is no skip', () => {
    const { sent, signals, advance } = setUp();
    signals.shown('a');
    advance(FORYOU_SKIP_MS);
    signals.left('a');
    expect(sent.map((s) => s.kind)).toEqual(['shown']);
  });

  it('one never shown is neither skipped nor watched', () => {
    const { sent, signals, advance } = setUp();
    advance(100);
    signals.left('a');
    expect(sent).toEqual([]);
  });

  it('counts only the time it played, across pauses', () => {
    const { sent, signals, advance } = setUp();
    signals.shown('a');
    signals.playing('a');
    advance(2_000);
    signals.paused('a');
    advance(10_000);
    signals.playing('a');
    advance(1_500);
    signals.left('a');
    expect(sent.at(-1)).toEqual({ impressionId: 'a', kind: 'watch', watchedMs: 3_500 });
  });

  it('a hidden page reports the watch time so far and keeps counting; a report repeats only when it grew', () => {
    const { sent, signals, advance } = setUp();
    signals.shown('a');
    signals.playing('a');
    advance(4_000);
    signals.flush('a');
    signals.flush('a');
    advance(1_000);
    signals.left('a');
    expect(sent.filter((s) => s.kind === 'watch').map((s) => s.watchedMs)).toEqual([4_000, 5_000]);
  });

  it('continue sends the watch time, then continue once, and is no skip', () => {
    const { sent, signals, advance } = setUp();
    signals.shown('a');
    signals.playing('a');
    advance(1_000);
    signals.continued('a');
    signals.continued('a');
    signals.left('a');
    expect(sent.map((s) => s.kind)).toEqual(['shown', 'watch', 'continue']);
  });

  it('keeps impressions apart', () => {
    const { sent, signals, advance } = setUp();
    signals.shown('a');
    signals.playing('a');
    advance(4_000);
    signals.left('a');
    signals.shown('b');
    signals.playing('b');
    advance(500);
    signals.left('b');
    expect(sent.map((s) => `${s.impressionId}:${s.kind}`)).toEqual([
      'a:shown',
      'a:watch',
      'b:shown',
      'b:skip',
      'b:watch',
    ]);
  });
});
