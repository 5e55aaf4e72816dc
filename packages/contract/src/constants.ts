// Plain constants with no schema library behind them, so the web bundles only these.
export const LANGUAGES = ['ko', 'en', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

export const AUTH_METHODS = ['guest', 'google', 'kakao', 'facebook', 'apple'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];

export const QUALITIES = ['Auto', '480p', '720p', '1080p'] as const;
export type Quality = (typeof QUALITIES)[number];

/** Sign-in methods backed by an outside provider (every method but guest). */
export const SOCIAL_METHODS = ['google', 'kakao', 'facebook', 'apple'] as const;
export type SocialMethod = (typeof SOCIAL_METHODS)[number];

/** Web return page of a provider's sign-in popup (spec §2 routes; apple is ours). */
export const socialCallbackPath = (method: SocialMethod) => `/callback/${method}`;
