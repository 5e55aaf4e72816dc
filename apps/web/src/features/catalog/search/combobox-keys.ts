/**
 * The search box's list of suggestions as an ARIA combobox (WAI-ARIA APG, "list autocomplete"):
 * which option is active and whether the list is open, after a key. Focus stays in the input;
 * the active option is announced through aria-activedescendant.
 */
export interface ComboboxState {
  open: boolean;
  /** the active option's index; -1 for none (Enter then submits what was typed) */
  active: number;
}

export const CLOSED: ComboboxState = { open: false, active: -1 };
/** Typing or focusing opens the list with no option active. */
export const OPENED: ComboboxState = { open: true, active: -1 };

export interface KeyOutcome {
  state: ComboboxState;
  /** the option Enter picked */
  pick?: number;
  /** whether the key was the list's (the input must not act on it as well) */
  handled: boolean;
}

export function comboboxKey(state: ComboboxState, key: string, optionCount: number): KeyOutcome {
  const last = optionCount - 1;
  switch (key) {
    case 'ArrowDown':
      if (optionCount === 0) return { state: OPENED, handled: true };
      return {
        state: { open: true, active: !state.open || state.active >= last ? 0 : state.active + 1 },
        handled: true,
      };
    case 'ArrowUp':
      if (optionCount === 0) return { state: OPENED, handled: true };
      return {
        state: { open: true, active: !state.open || state.active <= 0 ? last : state.active - 1 },
        handled: true,
      };
    case 'Enter':
      if (state.open && state.active >= 0 && state.active <= last)
        return { state: CLOSED, pick: state.active, handled: true };
      return { state: CLOSED, handled: false };
    case 'Escape':
      // an open list closes; a closed one leaves Escape to the input (which clears it)
      return { state: CLOSED, handled: state.open };
    default:
      return { state, handled: false };
  }
}

/** The same state once the options changed: an active index past the end is none. */
export function withOptionCount(state: ComboboxState, optionCount: number): ComboboxState {
  return state.active < optionCount ? state : { ...state, active: -1 };
}
