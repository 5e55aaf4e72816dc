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
import { PLAYER_MOBILE_QUERY } from '../shared/video/start-segments';

const { entry, code, player } = document.currentScript?.dataset ?? {};
// a player link's first seconds, when the boot script plays them (boot-video.ts), before the app
let played: Promise<void> | undefined;
try {
  // the join first: a player link's first frame waits for it, and for what follows it
  const join = startBootJoin(window, () => crypto.randomUUID());
  startBootDictionary(window);
  if (join) {
    const mobile = window.matchMedia(PLAYER_MOBILE_QUERY).matches;
    let settled: () => void = () => undefined;
    if (bootVideoPossible(window, mobile))
      played = new Promise<void>((resolve) => (settled = resolve));
    // the player's code once the start has answered (boot-code.ts); on a player link whose first
    // seconds the boot script plays, once they play, after the app's own code (below)
    const playerCode = () => preloadCode(document, codeFiles(player));
    const answered = () => (played ? void played.then(playerCode) : playerCode());
    startBootPlayer(window, join, answered, settled);
    startBootUserInfo(window, join);
  }
} finally {
  const appCode = preloadAppCode(document, codeFiles(code), played);
  if (entry) startEntryAfterFirstPaint(window, entry, played, appCode);
}
