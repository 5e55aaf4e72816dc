/*
 * The boot script: bundled on its own into one file (vite.config.ts, `bootScript`) and written
 * into index.html, inline, in place of the app's entry script: it runs while the page is parsed,
 * long before the app's code has loaded, and runs the app's entry (named by its data-entry
 * attribute) once the first frame is painted.
 */
import { startEntryAfterFirstPaint } from './boot-entry';
import { startBootDictionary } from './boot-dictionary';
import { startBootJoin, startBootUserInfo } from './boot-join';
import { startBootPlayer } from './boot-player';
import { codeFiles, preloadCode } from './boot-code';
import { bootVideoPossible } from './boot-video';
import { PLAYER_MOBILE_QUERY } from '../features/player/start-segments';

const { entry, player } = document.currentScript?.dataset ?? {};
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
  if (entry) startEntryAfterFirstPaint(window, entry, played);
}
