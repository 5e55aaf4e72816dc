/*
 * The Chromium features the browser suite and the player bench turn off, as one switch.
 */

/**
 * Headless Chromium (156) gives every window, so every test's context, the address bar's popup
 * as a WebUI page in a renderer of its own (chrome://omnibox-popup.top-chrome): about a second of
 * CPU per test, as much as our page took. Nobody types in that bar here.
 */
export const NO_OMNIBOX_POPUP = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
];
/**
 * Playwright's own `--disable-features` list (playwright-core 1.65, chromiumSwitches.ts): Chromium
 * takes only the last `--disable-features` it is given, so ours repeats it. Among them: routes
 * keep redirects (AvoidCorsURLLoaderRestartOnRedirect), no paint holding, HTTP stays HTTP.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/** The one `--disable-features` switch: Playwright's list and ours. */
export const DISABLE_FEATURES = `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...NO_OMNIBOX_POPUP].join(',')}`;
