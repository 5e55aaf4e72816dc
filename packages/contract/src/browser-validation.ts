import { z } from 'zod';

/**
 * For the browser: schemas validate without compiling code at run time. Zod compiles fast
 * parsers with `new Function` after probing for it, and that probe alone is a violation of our
 * Content-Security-Policy (no 'unsafe-eval'). The server keeps compiled parsers.
 */
export function validateWithoutEval(): void {
  // set on the object itself: zod marks config() free of side effects, so bundlers drop a bare call
  z.config().jitless = true;
}
