import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryClient } from '@tanstack/react-query';
import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';
import type { PaymentGoods } from '@snapdrama/contract';
import { confirmPaypal, createPaypalOrder } from '../api/payment-api';
import { paymentErrorText } from '../payment-errors';
import { confirmWithRetry, showPaymentCanceled, showPaymentError } from '../payment-flow';
import { usePaymentStore } from '../payment-store';
import styles from './flow.module.css';

interface PaypalCheckoutProps {
  clientId: string;
  goods: PaymentGoods;
  queryClient: QueryClient;
}

/**
 * PayPal buttons (live mode): USD, capture intent, card funding disabled (spec §9). The order is
 * created on the server (the create-order call of spec §7); the approval must name the PayPal
 * order created for it (spec §5) before the server captures it.
 */
export default function PaypalCheckout({ clientId, goods, queryClient }: PaypalCheckoutProps) {
  const { t } = useTranslation();
  const created = useRef<{ ordrId: string; paypalOrderId: string } | null>(null);

  return (
    <div className={styles.flow} data-testid="payment-paypal">
      <PayPalScriptProvider
        options={{ clientId, currency: 'USD', intent: 'capture', disableFunding: 'card' }}
      >
        <PayPalButtons
          style={{ layout: 'vertical' }}
          createOrder={async () => {
            try {
              const order = await createPaypalOrder({
                goodsCode: goods.gods_code,
                paymentGateway: 'P',
                price: goods.usd,
              });
              created.current = order;
              usePaymentStore.getState().registered(order.ordrId);
              return order.paypalOrderId;
            } catch (error) {
              showPaymentError(t, paymentErrorText(error, t, 'payment.msg_regist_fail'));
              throw error;
            }
          }}
          onApprove={async (data) => {
            const order = created.current;
            if (!order || data.orderID !== order.paypalOrderId) {
              showPaymentError(t, t('payment.msg_paypal_order_id_not_match'));
              return;
            }
            const body = { ordrId: order.ordrId, paypalOrderId: order.paypalOrderId };
            await confirmWithRetry(t, queryClient, () => confirmPaypal(body));
          }}
          onCancel={() => showPaymentCanceled(t)}
          onError={() => showPaymentError(t, t('payment.msg_fail'))}
        />
      </PayPalScriptProvider>
    </div>
  );
}
