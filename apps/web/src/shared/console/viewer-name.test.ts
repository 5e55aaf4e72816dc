import { describe, expect, it } from 'vitest';
import { viewerLabel, waitingFor } from './viewer-name';

const words = { provider: (m: string) => `P:${m}`, unnamed: 'No nickname' };

describe('viewerLabel', () => {
  it.each([
    [
      { nickname: 'Mina', authMethod: 'kakao', email: 'mina@ex.com' },
      'Mina · P:kakao · mina@ex.com',
    ],
    [{ nickname: 'Guest4821', authMethod: 'guest', email: null }, 'Guest4821 · P:guest'],
    [{ nickname: '  ', authMethod: 'google', email: null }, 'No nickname · P:google'],
    [{ nickname: null, authMethod: 'apple', email: 'a@b.c' }, 'No nickname · P:apple · a@b.c'],
  ])('%o → %s', (v, expected) => {
    expect(viewerLabel(v, words)).toBe(expected);
  });
});

describe('waitingFor', () => {
  const now = Date.parse('2026-12-03T12:00:00Z');
  it.each([
    ['2026-12-03T11:59:30Z', 'en', '0 minutes'],
    ['2026-12-03T11:15:00Z', 'en', '45 minutes'],
    ['2026-12-03T09:00:00Z', 'en', '3 hours'],
    ['2026-12-02T00:00:00Z', 'en', '36 hours'],
    ['2026-11-28T12:00:00Z', 'en', '5 days'],
    ['2026-12-03T09:00:00Z', 'ko', '3시간'],
    ['2026-12-03T09:00:00Z', 'ja', '3 時間'],
    // a clock ahead of ours never shows a negative wait
    ['2026-12-03T12:05:00Z', 'en', '0 minutes'],
  ])('since %s in %s → %s', (since, lang, expected) => {
    expect(waitingFor(since, now, lang)).toBe(expected);
  });
});
