/**
 * "Please log in": guests who try something that needs an account get the login sheet (spec §6).
 * Any feature may ask; the auth feature registers the sheet that answers.
 */
let openLogin: (() => void) | null = null;

export function registerLoginOpener(open: () => void): void {
  openLogin = open;
}

export function requestLogin(): void {
  openLogin?.();
}
