/*
 * The boot script: its own tiny entry, before the app's in index.html (vite.config.ts), so that
 * it runs as soon as it arrives, long before the app's code has loaded. It imports nothing the app
 * shares at run time.
 */
import { startBootJoin } from './boot-join';

startBootJoin(window, () => crypto.randomUUID());
