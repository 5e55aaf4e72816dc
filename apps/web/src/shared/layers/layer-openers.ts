/**
 * Layers that one feature opens and another owns (login sheet, payment popup). Features never
 * import each other, so the owner registers its opener here at start-up (app/) and the caller
 * opens it by name. An unregistered opener falls back to what the caller passes.
 */
export type LayerOpenerName = 'login' | 'payment';

const openers = new Map<LayerOpenerName, () => void>();

export const layerOpeners = {
  register(name: LayerOpenerName, open: () => void): () => void {
    openers.set(name, open);
    return () => {
      if (openers.get(name) === open) openers.delete(name);
    };
  },
  open(name: LayerOpenerName, fallback?: () => void): void {
    const open = openers.get(name);
    if (open) open();
    else fallback?.();
  },
  has: (name: LayerOpenerName) => openers.has(name),
};
