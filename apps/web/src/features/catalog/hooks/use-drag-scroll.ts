import { useEffect, useRef } from 'react';
import { isClickNotDrag } from '@snapdrama/rules';

/**
 * Mouse drag scrolls a horizontal row (touch scrolls natively). A press that moved less than
 * 5 px is still a click (spec §9); a longer drag swallows the click that follows it, so dragging
 * over a poster never opens the drama.
 */
export function useDragScroll<T extends HTMLElement>() {
  const ref = useRef<T>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let pressed = false;
    let dragged = false;
    let startX = 0;
    let startY = 0;
    let startScroll = 0;

    const onDown = (e: PointerEvent) => {
      if (e.pointerType !== 'mouse' || e.button !== 0) return;
      pressed = true;
      dragged = false;
      startX = e.clientX;
      startY = e.clientY;
      startScroll = el.scrollLeft;
    };
    const onMove = (e: PointerEvent) => {
      if (!pressed) return;
      const dx = e.clientX - startX;
      if (!dragged && isClickNotDrag(dx, e.clientY - startY)) return;
      dragged = true;
      el.dataset.dragging = 'true';
      el.scrollLeft = startScroll - dx;
    };
    const onUp = () => {
      pressed = false;
      delete el.dataset.dragging;
    };
    const onClick = (e: MouseEvent) => {
      if (!dragged) return;
      dragged = false;
      e.preventDefault();
      e.stopPropagation();
    };
    const onDragStart = (e: DragEvent) => e.preventDefault();

    el.addEventListener('pointerdown', onDown);
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    el.addEventListener('click', onClick, true);
    el.addEventListener('dragstart', onDragStart);
    return () => {
      el.removeEventListener('pointerdown', onDown);
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      el.removeEventListener('click', onClick, true);
      el.removeEventListener('dragstart', onDragStart);
    };
  }, []);

  return ref;
}
