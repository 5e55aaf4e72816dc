import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ResultCode, type MessageKey, type PaymentResultData } from '@snapdrama/contract';
import { ApiError } from '../../shared/api/api-error';
import { useLayerStore } from '../../shared/layers/layer-store';
import { confirmWithRetry } from './payment-flow';

// the API client reads the browser's storage when loaded; the refresh after a payment is not
// what these tests look at
vi.mock('./api/payment-api', () => ({
  refreshAfterPayment: vi.fn(() => Promise.resolve()),
  registOrder: vi.fn(),
  createPaypalOrder: vi.fn(),
}));

const t = (key: MessageKey) => `<${key}>`;
const paid = { ordrId: 'o1', already_credited: false } as PaymentResultData;
const lost = () => new ApiError({ kind: 'network', status: 0, code: 0 });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  useLayerStore.setState({ alert: null, toasts: [] });
});

describe('confirmWithRetry (issue 40: a technical failure offers the same confirmation again)', () => {
  it('a lost call shows an error with Try again, which sends the same confirmation once more', async () => {
    const send = vi.fn<() => Promise<PaymentResultData>>();
    send.mockRejectedValueOnce(lost()).mockResolvedValueOnce(paid);
    await confirmWithRetry(t, new QueryClient(), send);
    const alert = useLayerStore.getState().alert;
    expect(alert).toMatchObject({
      title: '<error_popup.title>',
      message: '<payment.msg_technical_error>',
      confirmLabel: '<payment.try_again>',
      cancelLabel: '<common.close>',
    });
    expect(send).toHaveBeenCalledTimes(1);
    useLayerStore.getState().closeAlert();
    alert?.onConfirm?.();
    await settle();
    expect(send).toHaveBeenCalledTimes(2);
    expect(useLayerStore.getState().alert).toBeNull();
    expect(useLayerStore.getState().toasts.map((toast) => toast.message)).toContain(
      '<payment.msg_success>',
    );
  });

  it('a server failure is offered again too; closing sends nothing more', async () => {
    const send = vi.fn<() => Promise<PaymentResultData>>();
    send.mockRejectedValue(new ApiError({ kind: 'server', status: 503, code: 503001 }));
    await confirmWithRetry(t, new QueryClient(), send);
    const alert = useLayerStore.getState().alert;
    expect(alert?.confirmLabel).toBe('<payment.try_again>');
    // Escape / the back action counts as Close
    useLayerStore.getState().closeTop();
    await settle();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('a decline is told once in our words, with no retry', async () => {
    const send = vi.fn<() => Promise<PaymentResultData>>();
    send.mockRejectedValue(
      new ApiError({
        kind: 'server',
        status: 409,
        code: ResultCode.PAYMENT_DECLINED,
        serverMessage: 'INSTRUMENT_DECLINED: declined',
      }),
    );
    await confirmWithRetry(t, new QueryClient(), send);
    const alert = useLayerStore.getState().alert;
    expect(alert?.message).toBe('<payment.msg_instrument_declined>');
    expect(alert?.cancelLabel).toBeUndefined();
    expect(alert?.confirmLabel).toBeUndefined();
  });
});
