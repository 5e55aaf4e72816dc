/*
 * The boot script: bundled on its own into one file (vite.config.ts, `bootScript`) and written
 * into index.html, inline, in place of the app's entry script: it runs while the page is parsed,
 * long before the app's code has loaded, and runs the app's entry (named by its data-entry
 * attribute) once the first frame is painted.
 */
import { startEntryAfterFirstPaint } from './boot-entry';
import { startBootJoin } from './boot-join';
import { startBootPlayer } from './boot-player';

const entry = document.currentScript?.dataset.entry;
try {
  const join = startBootJoin(window, () => crypto.randomUUID());
  if (join) startBootPlayer(window, join);
} finally {
  if (entry) startEntryAfterFirstPaint(window, entry);
}
