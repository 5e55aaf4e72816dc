/** Size gap between the window and its viewport that means docked developer tools (spec §9). */
export const DEVTOOLS_GAP_PX = 200;
/** How often the gap is checked (spec §9). */
export const DEVTOOLS_CHECK_MS = 1000;

export interface WindowSizes {
  outerWidth: number;
  innerWidth: number;
  outerHeight: number;
  innerHeight: number;
}

/** Whether docked developer tools are likely open: either gap is over the threshold. */
export function devtoolsDocked(w: WindowSizes, gap: number = DEVTOOLS_GAP_PX): boolean {
  return w.outerWidth - w.innerWidth > gap || w.outerHeight - w.innerHeight > gap;
}

/** The address's debug-mode marker (`debug` in the query, any value but "false") turns the trap off. */
export function hasDebugMarker(search: string): boolean {
  const value = new URLSearchParams(search).get('debug');
  return value !== null && value !== 'false' && value !== '0';
}
