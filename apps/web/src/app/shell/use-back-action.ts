import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LAYER_ENTRY, isLayerEntry } from '../../shared/layers/layer-history';
import { selectHasLayer, useLayerStore } from '../../shared/layers/layer-store';
import { isNativeApp, notifyNative } from '../../shared/native/native';

declare global {
  interface Window {
    /**
     * Native back hook for a host app (spec §2): closes the top layer, else goes back in history,
     * else tells the host (event backExhausted) that it may close. True when a layer was closed.
     */
    snapdramaBack?: () => boolean;
  }
}

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/**
 * The back action (spec §2): close a modal alert, then a popup, then a modal or bottom sheet (then
 * the left menu), and only then go back in history. Wired to the browser back button, Escape/Backspace and the native
 * hook. Escape only closes layers; Backspace (outside text fields) and the native hook also
 * navigate back when nothing is open.
 */
export function useBackAction() {
  const navigate = useNavigate();
  const hasLayer = useLayerStore(selectHasLayer);

  // Browser back with a layer open closes the layer and stays on the page. An open layer owns a
  // history entry of the same address, so Back pops that entry instead of leaving the page (a
  // blocker cannot stop Back on the tab's first page, or across documents).
  useEffect(() => {
    if (!hasLayer) return;
    const push = () =>
      window.history.pushState({ ...(window.history.state as object), [LAYER_ENTRY]: true }, '');
    push();
    const onPopState = () => {
      const layers = useLayerStore.getState();
      if (!selectHasLayer(layers)) return;
      layers.closeTop();
      // an alert over a popup: the popup keeps an entry of its own
      if (selectHasLayer(useLayerStore.getState())) push();
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      // closed another way (scrim, confirm...): drop the entry it owned, if still on top
      if (isLayerEntry(window.history.state)) window.history.back();
    };
  }, [hasLayer]);

  useEffect(() => {
    const back = () => {
      if (useLayerStore.getState().closeTop()) return true;
      // React Router numbers its entries: 0 is where the app was opened
      const index = (window.history.state as { idx?: unknown } | null)?.idx;
      if (isNativeApp() && !(typeof index === 'number' && index > 0)) notifyNative('backExhausted');
      else void navigate(-1);
      return false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        if (useLayerStore.getState().closeTop()) event.preventDefault();
      } else if (event.key === 'Backspace' && !isEditable(event.target)) {
        event.preventDefault();
        back();
      }
    };
    window.snapdramaBack = back;
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      if (window.snapdramaBack === back) delete window.snapdramaBack;
    };
  }, [navigate]);
}
