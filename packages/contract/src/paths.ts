/** Base path of the JSON API. */
export const API_BASE = '/api/v1';
/** Media (HLS playlists and segments) behind signed URLs. */
export const MEDIA_BASE = '/media';
/** Public resources: posters and subtitles. */
export const RESOURCES_BASE = '/resources';
/** Image asset version query (spec §9). */
export const ASSET_VERSION = '20250804';

export const subtitlePath = (dramaId: number, epsd: number) =>
  `${RESOURCES_BASE}/subtitles/${dramaId}/ep${epsd}.json`;

/** Request timeout of the web client (spec §9). */
export const REQUEST_TIMEOUT_MS = 190_000;
export const ACCESS_TOKEN_COOKIE = 'access_token';
export const REFRESH_TOKEN_COOKIE = 'refresh_token';
export const LANG_COOKIE = 'lang';

/**
 * The element a player link's HTML paints before any script runs (the drama's poster, decision
 * 0500); the web app takes it away once its own first screen is up.
 */
export const FIRST_SCREEN_ID = 'first-screen';

/**
 * Below this width (a phone) the main page's banner shows vertical posters; from a tablet's 600 px
 * up the horizontal ones, in a banner short enough to leave rows on the first screen (issue 46).
 * The main page's HTML paints its first slide with the same choice.
 */
export const BANNER_MOBILE_QUERY = '(max-width: 599.98px)';
