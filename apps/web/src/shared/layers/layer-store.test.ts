import { describe, expect, it, vi } from 'vitest';
import { layers, selectHasLayer, useLayerStore } from './layer-store';

describe('back-action order', () => {
  it('closes alert, then popup, then modal, then sheet, then reports nothing left', () => {
    vi.useFakeTimers();
    const store = useLayerStore.getState();
    store.openSheet({ kind: 'login', content: null, height: 385 });
    store.openModal({ kind: 'episode', content: null });
    store.openPopup({ kind: 'error', content: null });
    store.showAlert({ message: 'm' });
    const order: string[] = [];
    for (;;) {
      const before = useLayerStore.getState();
      const open = before.alert
        ? 'alert'
        : before.popup
          ? 'popup'
          : before.modal
            ? 'modal'
            : before.sheet
              ? 'sheet'
              : 'none';
      if (!useLayerStore.getState().closeTop()) break;
      order.push(open);
    }
    expect(order).toEqual(['alert', 'popup', 'modal', 'sheet']);
    vi.useRealTimers();
  });
});

describe('rewarded-ad overlay', () => {
  it('closes after an alert and before a popup, and tells its owner it was dismissed', () => {
    const dismissed = vi.fn();
    const store = useLayerStore.getState();
    store.openPopup({ kind: 'error', content: null });
    store.openOverlay({ kind: 'rewarded-ad', content: null, onDismiss: dismissed });
    store.showAlert({ message: 'm' });

    expect(useLayerStore.getState().closeTop()).toBe(true);
    expect(useLayerStore.getState().overlay).not.toBeNull();
    expect(dismissed).not.toHaveBeenCalled();

    expect(useLayerStore.getState().closeTop()).toBe(true);
    expect(useLayerStore.getState().overlay).toBeNull();
    expect(useLayerStore.getState().popup).not.toBeNull();
    expect(dismissed).toHaveBeenCalledTimes(1);

    expect(useLayerStore.getState().closeTop()).toBe(true);
    expect(useLayerStore.getState().closeTop()).toBe(false);
  });
});

describe('left menu', () => {
  it('counts as a layer and closes after a sheet, before history', () => {
    const store = useLayerStore.getState();
    store.openMenu();
    store.openSheet({ kind: 'login', content: null, height: 385 });
    expect(selectHasLayer(useLayerStore.getState())).toBe(true);
    expect(useLayerStore.getState().closeTop()).toBe(true);
    expect(useLayerStore.getState().sheet).toBeNull();
    expect(useLayerStore.getState().menuOpen).toBe(true);
    expect(useLayerStore.getState().closeTop()).toBe(true);
    expect(useLayerStore.getState().menuOpen).toBe(false);
    expect(selectHasLayer(useLayerStore.getState())).toBe(false);
    expect(useLayerStore.getState().closeTop()).toBe(false);
  });
});

describe('loading overlay', () => {
  it('stays up until the last of parallel works settles, also on failure, and is not closable', async () => {
    let finishFirst: (value: string) => void = () => undefined;
    let failSecond: (error: Error) => void = () => undefined;
    const first = layers.whileLoading(
      () =>
        new Promise<string>((resolve) => {
          finishFirst = resolve;
        }),
    );
    const second = layers.whileLoading(
      () =>
        new Promise<string>((_, reject) => {
          failSecond = reject;
        }),
    );
    expect(useLayerStore.getState().loading).toBe(2);
    // the back action does not take it down
    expect(useLayerStore.getState().closeTop()).toBe(false);
    finishFirst('done');
    await expect(first).resolves.toBe('done');
    expect(useLayerStore.getState().loading).toBe(1);
    failSecond(new Error('refused'));
    await expect(second).rejects.toThrow('refused');
    expect(useLayerStore.getState().loading).toBe(0);
  });
});
