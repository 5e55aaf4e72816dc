import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { loadStripe } from '@stripe/stripe-js';
import { Spinner } from '../../../shared/ui/spinner';
import { showPaymentError } from '../payment-flow';
import styles from './flow.module.css';

interface StripeCheckoutProps {
  publishableKey: string;
  clientSecret: string;
}

/**
 * Stripe's embedded Checkout (live mode) for the order's Checkout Session. Completing it sends
 * the browser to the session's return_url (/payment/return/stripe?session_id=...), which confirms.
 */
export default function StripeCheckout({ publishableKey, clientSecret }: StripeCheckoutProps) {
  const { t } = useTranslation();
  const mount = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let destroy: (() => void) | undefined;
    let cancelled = false;
    void (async () => {
      try {
        const stripe = await loadStripe(publishableKey);
        if (!stripe || cancelled || !mount.current) return;
        const checkout = await stripe.createEmbeddedCheckoutPage({ clientSecret });
        if (cancelled) return checkout.destroy();
        checkout.mount(mount.current);
        destroy = () => checkout.destroy();
      } catch {
        if (!cancelled) showPaymentError(t, t('payment.msg_stripe_session_not_found'));
      }
    })();
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [publishableKey, clientSecret, t]);

  return (
    <div className={styles.flow} data-testid="payment-stripe">
      <div ref={mount} className={styles.mount}>
        <Spinner />
      </div>
    </div>
  );
}
