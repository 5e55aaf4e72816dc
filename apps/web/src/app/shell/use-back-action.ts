import { useEffect } from 'react';
import { NavigationType, useBlocker, useNavigate } from 'react-router';
import { selectHasLayer, useLayerStore } from '../../shared/layers/layer-store';

declare global {
  interface Window {
    /** Native back hook for a host app (spec §2); returns true when a layer was closed. */
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
 * The back action (spec §2): close a modal alert, then a popup, then a modal or bottom sheet, and
 * only then go back in history. Wired to the browser back button, Escape/Backspace and the native
 * hook. Escape only closes layers; Backspace (outside text fields) and the native hook also
 * navigate back when nothing is open.
 */
export function useBackAction() {
  const navigate = useNavigate();
  const hasLayer = useLayerStore(selectHasLayer);

  // Browser back with a layer open closes the layer and stays on the page.
  const blocker = useBlocker(
    ({ historyAction }) => hasLayer && historyAction === NavigationType.Pop,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    useLayerStore.getState().closeTop();
    blocker.reset();
  }, [blocker]);

  useEffect(() => {
    const back = () => {
      if (useLayerStore.getState().closeTop()) return true;
      void navigate(-1);
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
