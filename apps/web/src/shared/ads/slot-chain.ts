/** How one rewarded slot ended: nothing to show, watched to the reward, or closed before it. */
export type SlotOutcome = 'empty' | 'granted' | 'canceled';
/** How a rewarded ad ended over all its slots. */
export type AdOutcome = 'granted' | 'canceled' | 'no-fill';

/**
 * Tries the slots in order (spec §4): an empty slot passes to the next one; the first slot that
 * shows an ad decides the outcome; when every slot is empty the outcome is no-fill.
 */
export async function runSlotChain(
  slots: readonly string[],
  show: (slot: string, index: number) => Promise<SlotOutcome>,
): Promise<AdOutcome> {
  for (const [index, slot] of slots.entries()) {
    const outcome = await show(slot, index);
    switch (outcome) {
      case 'empty':
        continue;
      case 'granted':
      case 'canceled':
        return outcome;
    }
  }
  return 'no-fill';
}
