import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ANONYMOUS,
  loadTossPayments,
  type TossPaymentsWidgets,
} from '@tosspayments/tosspayments-sdk';
import type { PaymentRegistData } from '@snapdrama/contract';
import { Button } from '../../../shared/ui/button';
import { declineText, isCancelCode } from '../payment-errors';
import { showPaymentCanceled, showPaymentError } from '../payment-flow';
import { returnPath } from '../return-params';
import styles from './flow.module.css';

interface TossWidgetProps {
  clientKey: string;
  order: PaymentRegistData;
}

/** Toss errors carry a code (spec §8 maps five of them) and a message. */
function tossError(error: unknown): { code?: string; message?: string } {
  if (typeof error !== 'object' || error === null) return {};
  const { code, message } = error as { code?: unknown; message?: unknown };
  return {
    code: typeof code === 'string' ? code : undefined,
    message: typeof message === 'string' ? message : undefined,
  };
}

/**
 * The Toss payment widget (live mode): payment methods and agreement rendered by Toss, the amount
 * in KRW from the order (spec §9). Paying redirects to Toss's step and back to the successUrl or
 * failUrl, which the return page confirms.
 */
export default function TossWidget({ clientKey, order }: TossWidgetProps) {
  const { t } = useTranslation();
  const id = useId().replace(/[^a-zA-Z0-9]/g, '');
  const widgets = useRef<TossPaymentsWidgets | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const toss = await loadTossPayments(clientKey);
        if (cancelled) return;
        const w = toss.widgets({ customerKey: ANONYMOUS });
        await w.setAmount({ currency: 'KRW', value: order.amnt });
        await Promise.all([
          w.renderPaymentMethods({ selector: `#toss-methods-${id}` }),
          w.renderAgreement({ selector: `#toss-agreement-${id}` }),
        ]);
        if (cancelled) return;
        widgets.current = w;
        setReady(true);
      } catch (error) {
        if (!cancelled)
          showPaymentError(t, declineText(tossError(error).code, t, 'payment.msg_fail'));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [clientKey, order.amnt, id, t]);

  const pay = async () => {
    const origin = window.location.origin;
    try {
      await widgets.current?.requestPayment({
        orderId: order.ordrId,
        orderName: order.ordrNm,
        successUrl: `${origin}${returnPath('toss')}`,
        failUrl: `${origin}${returnPath('toss')}`,
      });
    } catch (error) {
      const { code } = tossError(error);
      if (isCancelCode(code)) showPaymentCanceled(t);
      else showPaymentError(t, declineText(code, t, 'payment.msg_fail'));
    }
  };

  return (
    <div className={styles.flow} data-testid="payment-toss">
      <div id={`toss-methods-${id}`} className={styles.mount} />
      <div id={`toss-agreement-${id}`} />
      <Button block disabled={!ready} onClick={() => void pay()} data-testid="payment-toss-pay">
        {t('payment.pay')}
      </Button>
    </div>
  );
}
