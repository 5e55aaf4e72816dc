import { useEffect, useId, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { REFUND_REASONS, type RefundReason } from '@snapdrama/contract';

/** What the dialog tells of the order it refunds. */
export interface RefundableOrder {
  id: string;
  gateway: string;
  currency: string | null;
  amountMinor: number | null;
  createdAt: string;
}
import { consoleApi } from './console-api';
import { GATEWAY_NAMES } from './console-codes';
import { commonMessages } from './console-common-messages';
import { useConsoleLanguage, useConsoleText } from './console-i18n';
import { Banner, Button, Field, ui } from './console-ui';
import { formatMoney, formatWhen, shortId } from './money-format';
import { refundMessages } from './refund-messages';
import styles from './refund-dialog.module.css';

/**
 * The refund of one order, in a modal dialog (the native <dialog>: focus kept inside, Escape and
 * Cancel close it, focus goes back to the button that opened it). A reason is picked and a note
 * written; the same order's refund twice is refused by the server.
 */
export function RefundDialog(props: {
  order: RefundableOrder;
  onClose: () => void;
  onRefunded: (result: { ordrId: string; refundedCoins: number }) => void;
}) {
  const { order } = props;
  const t = useConsoleText(refundMessages);
  const common = useConsoleText(commonMessages);
  const lang = useConsoleLanguage();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [reason, setReason] = useState<RefundReason>('customer_request');
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const refund = useMutation({
    mutationFn: () =>
      consoleApi.post<{ ordrId: string; refundedCoins: number; state: string }>(
        `/orders/${order.id}/refund`,
        { reasonCode: reason, ...(note.trim() ? { reason: note.trim() } : {}) },
      ),
    onSuccess: (r) => props.onRefunded(r),
  });

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const noteMissing = reason === 'other' && note.trim().length < 2;
  const amount =
    order.amountMinor !== null && order.currency
      ? formatMoney(order.amountMinor, order.currency, lang)
      : '';

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={props.onClose}
      data-testid="refund-dialog"
    >
      <form
        method="dialog"
        className={styles.dialogBody}
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!noteMissing && !refund.isPending) refund.mutate();
        }}
      >
        <h2 id={titleId} className={styles.dialogTitle}>
          {t('refund.title', { order: shortId(order.id) })}
        </h2>
        <p className={ui.muted}>
          {t('refund.what', {
            amount,
            gateway: GATEWAY_NAMES[order.gateway] ?? order.gateway,
            time: formatWhen(order.createdAt, lang),
          })}
        </p>
        <fieldset className={styles.reasons}>
          <legend className={styles.legend}>{t('refund.reason')}</legend>
          {REFUND_REASONS.map((r) => (
            <label key={r} className={styles.reason}>
              <input
                type="radio"
                name="refund-reason"
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
                data-testid={`refund-reason-${r}`}
              />
              {t(`refund.reason.${r}`)}
            </label>
          ))}
        </fieldset>
        <Field
          label={t('refund.note')}
          error={touched && noteMissing ? t('refund.note_required') : undefined}
        >
          <textarea
            className={ui.input}
            rows={3}
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            data-testid="refund-note"
          />
        </Field>
        {refund.isError && <Banner kind="error">{refund.error.message}</Banner>}
        <div className={styles.dialogActions}>
          <Button onClick={() => ref.current?.close()} disabled={refund.isPending}>
            {common('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="danger"
            disabled={refund.isPending}
            data-testid="refund-confirm"
          >
            {refund.isPending ? t('refund.sending') : t('refund.confirm', { amount })}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
