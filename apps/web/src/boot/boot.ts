/*
 * The boot script: bundled on its own into one file (vite.config.ts, `bootScript`) and written
 * into index.html, inline, in place of the app's entry script and its modulepreload links: it
 * runs while the page is parsed, long before the app's code has loaded, asks for that code (the
 * files of its data-code attribute) and runs the app's entry (data-entry) once the first frame is
 * painted.
 */
import { startEntryAfterFirstPaint } from './boot-entry';
import { startBootDictionary } from './boot-dictionary';
import { startBootJoin, startBootUserInfo } from './boot-join';
import { startBootPlayer } from './boot-player';
import { codeFiles, preloadAppCode, preloadCode } from './boot-code';
import { bootVideoPossible } from './boot-video';
import { PLAYER_MOBILE_QUERY } from '../features/player/start-segments';

const { entry, code, player } = document.currentScript?.dataset ?? {};
// a player link's first seconds, when the boot script plays them (boot-video.ts), before the app
let played: Promise<void> | undefined;
try {
  // the join first: a player link's first frame waits for it, and for what follows it
  const join = startBootJoin(window, () => crypto.randomUUID());
  startBootDictionary(window);
  if (join) {
    const settledBy = (settled: () => void) =>
      // the player's code once the start has answered (boot-code.ts)
      startBootPlayer(window, join, () => preloadCode(document, codeFiles(player)), settled);
    const mobile = window.matchMedia(PLAYER_MOBILE_QUERY).matches;
    if (bootVideoPossible(window, mobile)) played = new Promise(settledBy);
    else settledBy(() => undefined);
    startBootUserInfo(window, join);
  }
} finally {
  const appCode = preloadAppCode(document, codeFiles(code), played);
  if (entry) startEntryAfterFirstPaint(window, entry, played, appCode);
}
