import { describe, expect, it } from 'vitest';
import { pseudoLocaleOn, pseudoLocalize } from './pseudo-locale';

const tab = (search: string, stored: Record<string, string> = {}) => ({
  location: { search } as Location,
  sessionStorage: {
    getItem: (k: string) => stored[k] ?? null,
    setItem: (k: string, v: string) => void (stored[k] = v),
    removeItem: (k: string) => void delete stored[k],
  } as Storage,
});

describe('the pseudo-locale (issue 47 item 8)', () => {
  it('accents and brackets a text, keeping placeholders, tags and other scripts', () => {
    expect(pseudoLocalize('Settings')).toBe('[Ŝéţţîñĝš]');
    expect(pseudoLocalize('{{coins}} coins')).toBe('[{{coins}} çöîñš]');
    expect(pseudoLocalize('<b>Pay</b> &amp; go')).toBe('[<b>Þáý</b> &amp; ĝö]');
    expect(pseudoLocalize('설정')).toBe('[설정]');
  });

  it('is on after ?lng=pseudo for the tab, off again after another ?lng=', () => {
    const stored: Record<string, string> = {};
    expect(pseudoLocaleOn(tab('?lng=pseudo', stored), true)).toBe(true);
    expect(pseudoLocaleOn(tab('', stored), true)).toBe(true);
    expect(pseudoLocaleOn(tab('?lng=ko', stored), true)).toBe(false);
    expect(pseudoLocaleOn(tab('', stored), true)).toBe(false);
  });

  it('never in a production build', () => {
    expect(pseudoLocaleOn(tab('?lng=pseudo'), false)).toBe(false);
    expect(pseudoLocaleOn(tab('', { pseudo_locale: '1' }), false)).toBe(false);
  });
});
