import { dramaInfoData, envelope, type DramaInfoData } from '@snapdrama/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonTemplate } from './json-template';

const dramaInfoEnvelope = envelope(dramaInfoData);
const perViewer = [
  ['data', 'drama', 'bkmk_cnt'],
  ['data', 'drama', 'view_cnt'],
  ['data', 'userDramaEpisodeList'],
  ['data', 'unlockedEpisodeList'],
  ['data', 'bookmark'],
] as const;

const drama: DramaInfoData['drama'] = {
  dram_id: 1,
  titl_lang_key: 'drama.1.title',
  dscr_lang_key: 'drama.1.description',
  pstr_vrtc_path: '/posters/1-v.jpg?v=3',
  pstr_hrzt_path: '/posters/1-h.jpg?v=3',
  age_rate: '15',
  rate_clsf_crtr: ['violence'],
  bkmk_cnt: 4,
  epsd_cnt: 3,
  view_cnt: 90,
  excl_yn: 'N',
  rgst_dtm: '2026-01-02T03:04:05.000Z',
  ctgr_list: [1, 2],
  web_tag: null,
  aos_tag: 'new',
  ios_tag: '"quoted" \\ tag',
};
const shared = {
  drama,
  episodeList: [
    { epsd: 1, coin: 0 },
    { epsd: 2, coin: 0 },
    { epsd: 3, coin: 5 },
  ],
};

interface Viewer {
  bkmk_cnt: number;
  view_cnt: number;
  views: { epsd: number; last_view_dtm: string }[];
  unlocked: number[];
  bookmark: boolean;
}
const answerFor = (part: typeof shared, v: Viewer) => ({
  code: 0,
  message: 'success',
  data: {
    drama: { ...part.drama, bkmk_cnt: v.bkmk_cnt, view_cnt: v.view_cnt },
    episodeList: part.episodeList,
    userDramaEpisodeList: v.views,
    unlockedEpisodeList: v.unlocked,
    bookmark: v.bookmark,
  },
});
/** What the route's serializer makes of an answer: the contract's check, then JSON.stringify. */
const serialized = (answer: unknown) => JSON.stringify(dramaInfoEnvelope.parse(answer));

const viewers = fc.record({
  bkmk_cnt: fc.nat(),
  view_cnt: fc.nat(),
  views: fc.array(
    fc.record({
      epsd: fc.integer({ min: 1, max: 60 }),
      last_view_dtm: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    }),
    { maxLength: 5 },
  ),
  unlocked: fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 5 }),
  bookmark: fc.boolean(),
});

describe('jsonTemplate', () => {
  it('answers the same JSON as checking and serializing the whole answer, for any viewer', () => {
    const render = jsonTemplate(dramaInfoEnvelope, [...perViewer]);
    fc.assert(
      fc.property(viewers, (viewer) => {
        const answer = answerFor(shared, viewer);
        expect(render(shared, answer)).toBe(serialized(answer));
      }),
    );
  });

  it('leaves out what the schema does not know, in the common part and in the fields', () => {
    const render = jsonTemplate(dramaInfoEnvelope, [...perViewer]);
    const withExtra = { ...shared, drama: { ...drama, internalNote: 'x' } };
    const viewer = {
      bkmk_cnt: 1,
      view_cnt: 2,
      views: [{ epsd: 1, last_view_dtm: '2026-01-01T00:00:00.000Z', userId: 'u1' }],
      unlocked: [3],
      bookmark: true,
    };
    const first = render(withExtra, answerFor(withExtra, viewer));
    const second = render(withExtra, answerFor(withExtra, { ...viewer, bookmark: false }));
    expect(first).toBe(serialized(answerFor(withExtra, viewer)));
    expect(second).toBe(serialized(answerFor(withExtra, { ...viewer, bookmark: false })));
    expect(second).not.toContain('internalNote');
    expect(second).not.toContain('userId');
  });

  it('refuses a per-request field the contract refuses, after the common part was checked', () => {
    const render = jsonTemplate(dramaInfoEnvelope, [...perViewer]);
    const viewer = { bkmk_cnt: 1, view_cnt: 2, views: [], unlocked: [], bookmark: false };
    render(shared, answerFor(shared, viewer));
    expect(() => render(shared, answerFor(shared, { ...viewer, view_cnt: 1.5 }))).toThrow(
      z.ZodError,
    );
    expect(() =>
      render(shared, answerFor(shared, { ...viewer, views: [{ epsd: 1 }] as Viewer['views'] })),
    ).toThrow(z.ZodError);
  });

  it('checks the common part whole the first time it sees it', () => {
    const render = jsonTemplate(dramaInfoEnvelope, [...perViewer]);
    const broken = { ...shared, episodeList: [{ epsd: 1, coin: 'free' }] };
    const viewer = { bkmk_cnt: 1, view_cnt: 2, views: [], unlocked: [], bookmark: false };
    expect(() => render(broken, answerFor(broken as unknown as typeof shared, viewer))).toThrow(
      z.ZodError,
    );
  });

  it('makes a new template for a new shared value (a changed catalog)', () => {
    const render = jsonTemplate(dramaInfoEnvelope, [...perViewer]);
    const viewer = { bkmk_cnt: 1, view_cnt: 2, views: [], unlocked: [], bookmark: false };
    render(shared, answerFor(shared, viewer));
    const changed = { ...shared, drama: { ...drama, titl_lang_key: 'drama.1.renamed' } };
    expect(render(changed, answerFor(changed, viewer))).toContain('drama.1.renamed');
  });

  it('names a field the schema does not have when it is made', () => {
    expect(() => jsonTemplate(dramaInfoEnvelope, [['data', 'nope']])).toThrow(/data\.nope/);
  });
});
