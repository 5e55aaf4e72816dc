/*
 * The boot script: bundled on its own into one file (vite.config.ts, `bootScript`) and placed in
 * index.html before the app's entry, so that it runs as soon as it arrives, long before the app's
 * code has loaded.
 */
import { startBootJoin } from './boot-join';
import { startBootPlayer } from './boot-player';

const join = startBootJoin(window, () => crypto.randomUUID());
if (join) startBootPlayer(window, join);
