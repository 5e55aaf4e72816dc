import { useEffect, useRef, useState } from 'react';

/** The width of an element, followed as it changes (a chart draws itself at its box's width). */
export function useWidth<E extends HTMLElement>(initial = 320) {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth || initial);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth || initial));
    observer.observe(el);
    return () => observer.disconnect();
  }, [initial]);
  return [ref, width] as const;
}
