import { z } from 'zod';

import { AUTH_METHODS, LANGUAGES } from './constants';

export const languageSchema = z.enum(LANGUAGES);

export const authMethodSchema = z.enum(AUTH_METHODS);

/** Positive integer id in a path or body. Path params arrive as strings. */
export const idParam = z.coerce
  .number({ error: 'must be a number' })
  .int('must be an integer')
  .positive('must be positive')
  .max(2_147_483_647, 'is too large');

export const episodeNumber = z.coerce
  .number({ error: 'must be a number' })
  .int('must be an integer')
  .min(1, 'must be 1 or more')
  .max(10_000, 'is too large');

/** Timestamps travel as ISO 8601 strings in UTC. */
export const timestamp = z.string();
