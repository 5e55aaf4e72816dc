/*
 * Where the session lives in the browser's storage. A leaf module: the boot script (src/boot)
 * reads the same keys before the app's code has loaded, and must not pull any of it in.
 */

/** The bearer access token between page loads (web; the app wrapper keeps it in the host). */
export const ACCESS_TOKEN_KEY = 'access_token';
/** The browser's guest id: made once, kept so that a reload is the same guest. */
export const GUEST_ID_KEY = 'guest_id';
/** The host simulator's switch (docs/native-bridge.md, "Host simulator"), and its query. */
export const SIMULATOR_SWITCH_KEY = 'snapdrama.nativeSim.platform';
export const SIMULATOR_QUERY = 'native-sim';
/** The viewer's video settings (video-settings.ts persists them; the boot script reads the quality). */
export const VIDEO_SETTINGS_KEY = 'video_settings';
