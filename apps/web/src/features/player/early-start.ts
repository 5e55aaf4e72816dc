/**
 * The one episode start a cold deep link sends before the player mounted (player-start.ts),
 * held until the player's first start of that episode takes it.
 *
 * Only an answer that can still be right is held: a start the server refused (the episode is
 * locked, say) is dropped as soon as the refusal arrives, so a later start of that episode (after
 * an unlock, once the drama info says it is playable) asks the server again instead of taking the
 * old refusal. A failure `keepsFailure` accepts (a fault, not a refusal) stays, so the player
 * takes it as its first attempt and retries as after its own (spec §8), rather than sending one
 * request more than its retry count. A start nobody takes within `unclaimedMs` is handed to
 * `onUnclaimed` (to end its watch log).
 */
export function createEarlyStartSlot<T>(options: {
  unclaimedMs: number;
  onUnclaimed: (response: Promise<T>) => void;
  keepsFailure?: (error: unknown) => boolean;
}) {
  let held:
    | {
        key: string;
        response: Promise<T>;
        timer: ReturnType<typeof setTimeout>;
        /** the answer, once it has arrived */
        answer?: { value: T };
      }
    | undefined;

  const drop = (response: Promise<T>) => {
    if (held?.response !== response) return false;
    clearTimeout(held.timer);
    held = undefined;
    return true;
  };

  return {
    /** Holds a start; a cold start sends one, so the slot is empty here. */
    hold(key: string, response: Promise<T>) {
      const timer = setTimeout(() => {
        if (drop(response)) options.onUnclaimed(response);
      }, options.unclaimedMs);
      const entry: NonNullable<typeof held> = { key, response, timer };
      held = entry;
      // the taker handles a failure it took; a refusal nobody took yet only empties the slot
      response.then(
        (value) => {
          entry.answer = { value };
        },
        (error: unknown) => {
          if (!options.keepsFailure?.(error)) drop(response);
        },
      );
    },

    /**
     * The held start's answer for this key if it has arrived, without taking it: the player
     * renders its video at once with it, and takes it (the same answer) when its effect runs.
     */
    peek(key: string): T | undefined {
      return held?.key === key ? held.answer?.value : undefined;
    },

    /** The held start of this key, once. */
    take(key: string): Promise<T> | undefined {
      if (held?.key !== key) return undefined;
      const { response } = held;
      drop(response);
      return response;
    },
  };
}
