import { describe, expect, it } from 'vitest';
import { CLIP_SECONDS, subtitlesFor } from './demo';
import { DEMO_DRAMAS } from './demo-catalog';
import { episodePlan } from './demo-video';

describe('demo captions', () => {
  it('dialogue stays between the title card and the end card, the end card has the number', () => {
    const plan = episodePlan(CLIP_SECONDS, 0);
    const entries = subtitlesFor(0, 3, CLIP_SECONDS);
    const dialogue = entries.slice(0, -1);
    const endCard = entries.at(-1);
    expect(dialogue.length).toBeGreaterThan(0);
    for (const e of dialogue) {
      expect(e.start).toBeGreaterThanOrEqual(Number(plan.title.toFixed(2)));
      expect(e.end).toBeLessThanOrEqual(Number((CLIP_SECONDS - plan.end).toFixed(2)));
    }
    const total = DEMO_DRAMAS[0]?.episodes;
    expect(endCard).toEqual({
      start: Number((CLIP_SECONDS - plan.end + 0.2).toFixed(2)),
      end: CLIP_SECONDS,
      text: { ko: `3화 / 전 ${total}화`, en: `Episode 3 of ${total}` },
    });
  });

  it('the last episode says so, and cues never overlap', () => {
    DEMO_DRAMAS.forEach((d, index) => {
      for (const epsd of [1, d.episodes]) {
        const entries = subtitlesFor(index, epsd, CLIP_SECONDS);
        entries.slice(1).forEach((e, i) => expect(e.start).toBeGreaterThan(entries[i]?.end ?? 0));
        if (epsd === d.episodes) expect(entries.at(-1)?.text.en).toBe(`Episode ${epsd} · The End`);
      }
    });
  });
});
