import { z } from 'zod';

export const LANGUAGES = ['ko', 'en', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
export const languageSchema = z.enum(LANGUAGES);

export const AUTH_METHODS = ['guest', 'google', 'kakao', 'facebook', 'apple'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];
export const authMethodSchema = z.enum(AUTH_METHODS);

export const QUALITIES = ['Auto', '480p', '720p', '1080p'] as const;
export type Quality = (typeof QUALITIES)[number];

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
