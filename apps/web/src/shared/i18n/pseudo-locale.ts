/*
 * A pseudo-locale for development (issue 47 item 8): every dictionary text is shown accented and
 * bracketed ("[Ŝéţţîñĝš]"), so a word on screen without brackets did not come from the dictionary.
 * Turned on with `?lng=pseudo` (kept for the tab's session, `?lng=` turns it off); only in a
 * development build: `import.meta.env.DEV` is false in a production build, which drops the branch
 * and this module with it.
 */

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'î',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Ŝ',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** "Settings" → "[Ŝéţţîñĝš]"; `{{placeholders}}`, tags and entities stay as they are. */
export function pseudoLocalize(text: string): string {
  const parts = text.split(/(\{\{[^}]*\}\}|<[^>]*>|&\w+;)/);
  const accented = parts
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/[A-Za-z]/g, (c) => ACCENTED[c] ?? c)))
    .join('');
  return `[${accented}]`;
}

const SESSION_KEY = 'pseudo_locale';

/**
 * Whether texts are pseudo-localized: only when `dev` (a development build), after `?lng=pseudo`
 * in this tab.
 */
export function pseudoLocaleOn(
  win: Pick<Window, 'location' | 'sessionStorage'> = window,
  dev: boolean = import.meta.env.DEV,
): boolean {
  if (!dev) return false;
  try {
    const asked = new URLSearchParams(win.location.search).get('lng');
    if (asked === 'pseudo') win.sessionStorage.setItem(SESSION_KEY, '1');
    else if (asked !== null) win.sessionStorage.removeItem(SESSION_KEY);
    return win.sessionStorage.getItem(SESSION_KEY) === '1';
  } catch {
    return false;
  }
}
