import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '../../shared/console/console-ui';
import styles from './catalog.module.css';

/**
 * A confirmation in a modal `<dialog>` (never window.confirm): the browser holds focus inside it,
 * Escape cancels, focus returns to the button that opened it. Title and body name it for screen
 * readers; the body states what the action takes from viewers.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const { open, onCancel } = props;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      return () => {
        if (dialog.open) dialog.close();
        opener?.focus();
      };
    }
    return undefined;
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid={props.testId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {open && (
        <>
          <h2 id={titleId} className={styles.dialogTitle}>
            {props.title}
          </h2>
          <div id={bodyId} className={styles.dialogBody}>
            {props.children}
          </div>
          <div className={styles.dialogActions}>
            <Button onClick={onCancel} autoFocus data-testid="confirm-cancel">
              {props.cancelLabel}
            </Button>
            <Button
              variant="danger"
              disabled={props.busy}
              onClick={props.onConfirm}
              data-testid="confirm-yes"
            >
              {props.confirmLabel}
            </Button>
          </div>
        </>
      )}
    </dialog>
  );
}
