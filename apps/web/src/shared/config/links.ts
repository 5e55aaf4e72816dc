/** Help pages opened from the desktop footer in a new window (spec §2). Same origin. */
export const TERMS_URL = '/settings/terms';
export const PRIVACY_URL = '/settings/privacy';
