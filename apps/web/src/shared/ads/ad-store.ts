import { create } from 'zustand';

interface AdState {
  /** a rewarded ad is being requested, shown or redeemed: ad buttons stay disabled (spec §4) */
  present: boolean;
  setPresent: (present: boolean) => void;
}

export const useAdStore = create<AdState>()((set) => ({
  present: false,
  setPresent: (present) => set({ present }),
}));

const NO_FILL_KEY = 'standin_ad_no_fill';

/** The stand-in ad's "no fill" switch: on, every stand-in slot answers empty. Kept per browser. */
export const standinNoFill = {
  get(): boolean {
    try {
      return window.localStorage.getItem(NO_FILL_KEY) === '1';
    } catch {
      return false;
    }
  },
  set(on: boolean): void {
    try {
      if (on) window.localStorage.setItem(NO_FILL_KEY, '1');
      else window.localStorage.removeItem(NO_FILL_KEY);
    } catch {
      // storage unavailable: the switch stays off
    }
  },
};
