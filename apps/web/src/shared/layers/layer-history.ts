/**
 * An open layer owns a history entry of the same address (app/shell/use-back-action), so the
 * browser's Back closes the layer instead of leaving the page. Code that closes a layer and then
 * navigates must wait until that entry is given back, or the entry stays behind the new page and
 * the viewer's next Back lands on a copy of the page they left.
 */
export const LAYER_ENTRY = 'snapdramaLayer';

export const isLayerEntry = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && LAYER_ENTRY in state;

/** If the entry is not given back by then (another layer stayed open), go anyway. */
const RELEASE_WAIT_MS = 400;

/**
 * Runs `go` once the history entry of the layers just closed has been popped (or at once when
 * none is on top). Call it right after closing the layer(s).
 */
export function afterLayerEntryReleased(
  go: () => void,
  win: Pick<Window, 'history' | 'addEventListener' | 'removeEventListener'> = window,
): void {
  if (!isLayerEntry(win.history.state)) {
    go();
    return;
  }
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    win.removeEventListener('popstate', finish);
    clearTimeout(timer);
    go();
  };
  win.addEventListener('popstate', finish);
  const timer = setTimeout(finish, RELEASE_WAIT_MS);
}
