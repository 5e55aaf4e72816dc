import { create } from 'zustand';
import type { PaymentGateway, PaymentGoods } from '@snapdrama/contract';

/** The selected goods, gateway and order id of the purchase in progress (spec §3 shared state). */
interface PaymentState {
  goods: PaymentGoods | null;
  gateway: PaymentGateway | null;
  ordrId: string | null;
  /** a gateway step is running (order registration, provider page, confirmation) */
  busy: boolean;
  select: (goods: PaymentGoods) => void;
  start: (gateway: PaymentGateway) => void;
  registered: (ordrId: string) => void;
  reset: () => void;
}

export const usePaymentStore = create<PaymentState>()((set) => ({
  goods: null,
  gateway: null,
  ordrId: null,
  busy: false,
  select: (goods) => set({ goods, gateway: null, ordrId: null, busy: false }),
  start: (gateway) => set({ gateway, busy: true }),
  registered: (ordrId) => set({ ordrId }),
  reset: () => set({ goods: null, gateway: null, ordrId: null, busy: false }),
}));
