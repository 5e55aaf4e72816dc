import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The traps open now, in the order they opened (a layer's own trap follows its content's). */
const openTraps: object[] = [];

/** The elements Tab can reach inside `root`, in order. */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.hasAttribute('hidden') && el.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * Keeps keyboard focus inside a sheet or popup while it is open (WCAG 2.4.3): focus moves to its
 * chosen item or first control (again whenever `view` changes, a sub-view being a new page), Tab
 * and Shift+Tab wrap around inside it, and on close focus goes back to the control that opened it.
 * Layers nest (the layer host's sheet holds the player's option sheet): on opening, focus that is
 * already inside (put there by the inner one, or by `autoFocus`) stays where it is.
 */
export function useFocusTrap(rootRef: RefObject<HTMLElement | null>, view?: string): void {
  const opener = useRef<Element | null>(null);
  const opened = useRef(false);

  // the opener is what had focus before the sheet's first render took it
  useLayoutEffect(() => {
    opener.current = document.activeElement;
    return () => {
      const back = opener.current;
      // the opener may have gone with a re-render (the tool overlay hid meanwhile)
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    };
  }, []);

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const first = !opened.current;
    opened.current = true;
    if (first && root.contains(document.activeElement)) return;
    // the chosen item (current episode, selected speed) when there is one, as in a native list
    const chosen = root.querySelector<HTMLElement>('[aria-current="true"], [aria-pressed="true"]');
    (chosen ?? focusableIn(root)[0] ?? root).focus();
  }, [rootRef, view]);

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const token = {};
    openTraps.push(token);
    const onKeyDown = (event: KeyboardEvent) => {
      // only the layer opened last acts: a popup over a modal keeps Tab inside itself
      if (event.key !== 'Tab' || openTraps[openTraps.length - 1] !== token) return;
      const items = focusableIn(root);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      const inside = active instanceof Node && root.contains(active);
      if (event.shiftKey && (active === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      openTraps.splice(openTraps.indexOf(token), 1);
    };
  }, [rootRef]);
}
