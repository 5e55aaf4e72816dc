import {
  useRef,
  type CSSProperties,
  type HTMLAttributes,
  type PointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFocusTrap } from '../../shared/hooks/use-focus-trap';
import { useLayerStore } from '../../shared/layers/layer-store';
import { Button } from '../../shared/ui/button';
import { CloseIcon } from '../../shared/ui/icons';
import { Spinner } from '../../shared/ui/spinner';
import styles from './layer-host.module.css';

/** Dragging a sheet down further than this closes it (spec §9). */
const SHEET_DRAG_CLOSE_PX = 20;

/**
 * A layer's dialog box: holds keyboard focus while open and gives it back to its opener on close
 * (WCAG 2.4.3); the box itself takes focus when it has no control.
 */
function Trapped({
  panel,
  children,
  ...props
}: {
  panel?: RefObject<HTMLDivElement | null>;
  children: ReactNode;
} & HTMLAttributes<HTMLDivElement>) {
  const own = useRef<HTMLDivElement>(null);
  const root = panel ?? own;
  useFocusTrap(root);
  return (
    <div ref={root} tabIndex={-1} {...props}>
      {children}
    </div>
  );
}

function BottomSheetLayer() {
  const sheet = useLayerStore((s) => s.sheet);
  const closeSheet = useLayerStore((s) => s.closeSheet);
  const dragStart = useRef<number | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  if (!sheet) return null;

  const onPointerDown = (event: PointerEvent) => {
    dragStart.current = event.clientY;
  };
  const onPointerMove = (event: PointerEvent) => {
    if (dragStart.current === null || !panel.current) return;
    const dy = Math.max(0, event.clientY - dragStart.current);
    panel.current.style.transform = `translateY(${dy}px)`;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (dragStart.current === null) return;
    const dy = event.clientY - dragStart.current;
    dragStart.current = null;
    if (panel.current) panel.current.style.transform = '';
    if (dy > SHEET_DRAG_CLOSE_PX) closeSheet();
  };

  return (
    <div style={{ position: 'fixed', inset: 0, zIndex: 'var(--z-sheet)' }}>
      <div className={styles.scrim} onClick={closeSheet} data-testid="sheet-scrim" />
      <Trapped
        panel={panel}
        className={styles.sheet}
        style={{ height: sheet.height }}
        role="dialog"
        aria-modal="true"
        data-testid="bottom-sheet"
        data-kind={sheet.kind}
      >
        <div
          className={styles.grabber}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        />
        {sheet.content}
      </Trapped>
    </div>
  );
}

function ModalLayer() {
  const modal = useLayerStore((s) => s.modal);
  const closeModal = useLayerStore((s) => s.closeModal);
  const { t } = useTranslation();
  if (!modal) return null;
  return (
    <div style={{ position: 'fixed', inset: 0, zIndex: 'var(--z-modal)' }}>
      <div className={styles.scrim} onClick={closeModal} />
      <div className={styles.center} onClick={closeModal}>
        <Trapped
          className={styles.popup}
          style={{ '--popup-width': '530px' } as CSSProperties}
          role="dialog"
          aria-modal="true"
          data-testid="modal"
          data-kind={modal.kind}
          onClick={(e) => e.stopPropagation()}
        >
          <button
            className={styles.closeButton}
            onClick={closeModal}
            aria-label={t('common.close')}
          >
            <CloseIcon />
          </button>
          {modal.content}
        </Trapped>
      </div>
    </div>
  );
}

function PopupLayer() {
  const popup = useLayerStore((s) => s.popup);
  const closePopup = useLayerStore((s) => s.closePopup);
  const { t } = useTranslation();
  if (!popup) return null;
  return (
    <div style={{ position: 'fixed', inset: 0, zIndex: 'var(--z-popup)' }}>
      <div className={styles.scrim} onClick={closePopup} />
      <div className={styles.center} onClick={closePopup}>
        <Trapped
          className={styles.popup}
          style={{ '--popup-width': `${popup.width ?? 300}px` } as CSSProperties}
          role="dialog"
          aria-modal="true"
          aria-label={popup.title}
          data-testid="popup"
          data-kind={popup.kind}
          onClick={(e) => e.stopPropagation()}
        >
          <button
            className={styles.closeButton}
            onClick={closePopup}
            aria-label={t('common.close')}
          >
            <CloseIcon />
          </button>
          {popup.title && <h2 className={styles.title}>{popup.title}</h2>}
          {popup.content}
        </Trapped>
      </div>
    </div>
  );
}

/** The rewarded-ad layer (spec §2): full screen, above popups; its owner draws the content. */
function OverlayLayer() {
  const overlay = useLayerStore((s) => s.overlay);
  if (!overlay) return null;
  return (
    <div
      className={styles.overlay}
      role="dialog"
      aria-modal="true"
      data-testid="overlay"
      data-kind={overlay.kind}
    >
      {overlay.content}
    </div>
  );
}

/** Generic alert/error popup: title, message, optional cancel, confirm (spec §2, §8). */
function AlertLayer() {
  const alert = useLayerStore((s) => s.alert);
  const closeAlert = useLayerStore((s) => s.closeAlert);
  const { t } = useTranslation();
  if (!alert) return null;
  const confirm = () => {
    closeAlert();
    alert.onConfirm?.();
  };
  const cancel = () => {
    closeAlert();
    alert.onCancel?.();
  };
  return (
    <div style={{ position: 'fixed', inset: 0, zIndex: 'var(--z-alert)' }}>
      <div className={styles.scrim} />
      <div className={styles.center}>
        <Trapped
          className={styles.popup}
          role="alertdialog"
          aria-modal="true"
          aria-label={alert.title}
          data-testid="alert"
        >
          {alert.title && <h2 className={styles.title}>{alert.title}</h2>}
          <p className={styles.message} data-testid="alert-message">
            {alert.message}
          </p>
          <div className={styles.actions}>
            {alert.cancelLabel && (
              <Button variant="secondary" onClick={cancel} data-testid="alert-cancel">
                {alert.cancelLabel}
              </Button>
            )}
            <Button onClick={confirm} data-testid="alert-confirm" autoFocus>
              {alert.confirmLabel ?? t('common.confirm')}
            </Button>
          </div>
        </Trapped>
      </div>
    </div>
  );
}

/** The loading overlay (spec §2) while `layers.whileLoading` work runs. */
function LoadingOverlay() {
  const loading = useLayerStore((s) => s.loading > 0);
  const { t } = useTranslation();
  if (!loading) return null;
  return (
    <div className={styles.loading} aria-label={t('common.loading')} data-testid="loading-overlay">
      <Spinner />
    </div>
  );
}

function Toasts() {
  const toasts = useLayerStore((s) => s.toasts);
  return (
    <div className={styles.toasts} aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={styles.toast} data-level={toast.level} data-testid="toast">
          {toast.message}
          {toast.action && (
            <Link to={toast.action.to} className={styles.toastAction} data-testid="toast-action">
              {toast.action.label}
            </Link>
          )}
        </div>
      ))}
    </div>
  );
}

/**
 * The one place layers render, stacked sheet < modal < popup < overlay < alert < toast < loading.
 */
export function LayerHost() {
  return (
    <>
      <BottomSheetLayer />
      <ModalLayer />
      <PopupLayer />
      <OverlayLayer />
      <AlertLayer />
      <Toasts />
      <LoadingOverlay />
    </>
  );
}
