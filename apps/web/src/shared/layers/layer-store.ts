import type { ReactNode } from 'react';
import { create } from 'zustand';

/** Notification levels (spec §3): info 0, success 1, failure 2. */
export type ToastLevel = 'info' | 'success' | 'failure';

export interface AlertLayer {
  title?: string;
  message: string;
  confirmLabel?: string;
  /** Shown only when given: an alert with optional cancel (spec §2). */
  cancelLabel?: string;
  onConfirm?: () => void;
  onCancel?: () => void;
}

export interface PopupLayer {
  /** Which popup this is (error, login, share, q&a...), for tests and analytics. */
  kind: string;
  title?: string;
  content: ReactNode;
  /** 300 or 530 (spec §9). */
  width?: 300 | 530;
  onClose?: () => void;
}

export interface SheetLayer {
  kind: string;
  content: ReactNode;
  /** px (spec §9: login 385, share 280, payment 460...) */
  height: number;
}

export interface ModalLayer {
  kind: 'login' | 'episode' | 'video-option' | 'payment' | 'share';
  content: ReactNode;
}

/** A full-screen layer above popups: the rewarded-ad layer (spec §2). */
export interface OverlayLayer {
  kind: 'rewarded-ad';
  content: ReactNode;
  /** Called when the back action or Escape closes it (the layer is already gone). */
  onDismiss?: () => void;
}

/** A link a toast offers (the receipt after a payment); such a toast stays longer. */
export interface ToastAction {
  label: string;
  /** an address inside the app */
  to: string;
}

export interface Toast {
  id: number;
  message: string;
  level: ToastLevel;
  action?: ToastAction;
}

export const TOAST_DURATION_MS = 3000;
export const TOAST_WITH_ACTION_MS = 6000;

interface LayerState {
  alert: AlertLayer | null;
  popup: PopupLayer | null;
  sheet: SheetLayer | null;
  modal: ModalLayer | null;
  overlay: OverlayLayer | null;
  /** The mobile slide-in left menu (spec §2, §3 leftMenuVisible): Back closes it like a sheet. */
  menuOpen: boolean;
  /**
   * How many actions hold the loading overlay (spec §2) right now. It blocks input while a
   * request that changes something runs; it is not closable, so the back action skips it.
   */
  loading: number;
  toasts: Toast[];
  showAlert: (alert: AlertLayer) => void;
  closeAlert: () => void;
  openPopup: (popup: PopupLayer) => void;
  closePopup: () => void;
  openSheet: (sheet: SheetLayer) => void;
  closeSheet: () => void;
  openModal: (modal: ModalLayer) => void;
  closeModal: () => void;
  openOverlay: (overlay: OverlayLayer) => void;
  closeOverlay: () => void;
  openMenu: () => void;
  closeMenu: () => void;
  startLoading: () => void;
  stopLoading: () => void;
  showToast: (message: string, level?: ToastLevel, action?: ToastAction) => void;
  dismissToast: (id: number) => void;
  /**
   * Closes the topmost layer in the back-action order (spec §2): modal alert, the rewarded-ad
   * overlay above everything else, popup, then
   * modal/bottom sheet, then the left menu. Returns false when nothing was open, so the caller
   * may navigate back.
   */
  closeTop: () => boolean;
}

let nextToastId = 1;

export const useLayerStore = create<LayerState>()((set, get) => ({
  alert: null,
  popup: null,
  sheet: null,
  modal: null,
  overlay: null,
  menuOpen: false,
  loading: 0,
  toasts: [],
  showAlert: (alert) => set({ alert }),
  closeAlert: () => set({ alert: null }),
  openPopup: (popup) => set({ popup }),
  closePopup: () => {
    get().popup?.onClose?.();
    set({ popup: null });
  },
  openSheet: (sheet) => set({ sheet }),
  closeSheet: () => set({ sheet: null }),
  openModal: (modal) => set({ modal }),
  closeModal: () => set({ modal: null }),
  openOverlay: (overlay) => set({ overlay }),
  closeOverlay: () => set({ overlay: null }),
  openMenu: () => set({ menuOpen: true }),
  closeMenu: () => set({ menuOpen: false }),
  startLoading: () => set((state) => ({ loading: state.loading + 1 })),
  stopLoading: () => set((state) => ({ loading: Math.max(0, state.loading - 1) })),
  showToast: (message, level = 'info', action) => {
    const id = nextToastId++;
    set((state) => ({ toasts: [...state.toasts.slice(-2), { id, message, level, action }] }));
    setTimeout(() => get().dismissToast(id), action ? TOAST_WITH_ACTION_MS : TOAST_DURATION_MS);
  },
  dismissToast: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
  closeTop: () => {
    const state = get();
    if (state.alert) {
      const { onCancel, onConfirm, cancelLabel } = state.alert;
      state.closeAlert();
      // Dismissing an alert counts as its cancel when it has one, else as its confirm.
      (cancelLabel ? onCancel : onConfirm)?.();
      return true;
    }
    if (state.overlay) {
      const { onDismiss } = state.overlay;
      state.closeOverlay();
      onDismiss?.();
      return true;
    }
    if (state.popup) {
      state.closePopup();
      return true;
    }
    if (state.modal) {
      state.closeModal();
      return true;
    }
    if (state.sheet) {
      state.closeSheet();
      return true;
    }
    if (state.menuOpen) {
      state.closeMenu();
      return true;
    }
    return false;
  },
}));

/** Whether any closable layer (not a toast) is open. */
export const selectHasLayer = (state: LayerState) =>
  Boolean(state.alert ?? state.overlay ?? state.popup ?? state.modal ?? state.sheet) ||
  state.menuOpen;

/** Imperative helpers for non-React code (query callbacks, event handlers). */
export const layers = {
  toast: (message: string, level?: ToastLevel, action?: ToastAction) =>
    useLayerStore.getState().showToast(message, level, action),
  alert: (alert: AlertLayer) => useLayerStore.getState().showAlert(alert),
  /**
   * Shows the loading overlay (spec §2) until `work` settles, and returns its result. Nested and
   * parallel calls keep it up until the last one ends.
   */
  async whileLoading<T>(work: () => Promise<T>): Promise<T> {
    const store = useLayerStore.getState();
    store.startLoading();
    try {
      return await work();
    } finally {
      useLayerStore.getState().stopLoading();
    }
  },
};
