import { describe, expect, it } from 'vitest';
import { CLOSED, OPENED, comboboxKey, withOptionCount, type ComboboxState } from './combobox-keys';

/** The state after pressing the keys in turn, with `count` options, and what Enter picked. */
function press(keys: string[], count: number, from: ComboboxState = OPENED) {
  let state = from;
  const picks: number[] = [];
  for (const key of keys) {
    const outcome = comboboxKey(state, key, count);
    state = outcome.state;
    if (outcome.pick !== undefined) picks.push(outcome.pick);
  }
  return { state, picks };
}

describe('search combobox keys', () => {
  it.each([
    // ↓ from the input goes to the first option, then down, wrapping to the first
    [['ArrowDown'], 3, { open: true, active: 0 }],
    [['ArrowDown', 'ArrowDown', 'ArrowDown'], 3, { open: true, active: 2 }],
    [['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown'], 3, { open: true, active: 0 }],
    // ↑ from the input goes to the last option, then up, wrapping to the last
    [['ArrowUp'], 3, { open: true, active: 2 }],
    [['ArrowDown', 'ArrowUp'], 3, { open: true, active: 2 }],
    [['ArrowUp', 'ArrowUp'], 3, { open: true, active: 1 }],
    // no options: the list stays open and nothing is active
    [['ArrowDown', 'ArrowUp'], 0, OPENED],
    // Escape closes
    [['ArrowDown', 'Escape'], 3, CLOSED],
    // other keys (letters, ←/→ in the text) change nothing
    [['ArrowDown', 'a', 'ArrowLeft'], 3, { open: true, active: 0 }],
  ])('%o with %i options → %o', (keys, count, want) => {
    expect(press(keys, count).state).toEqual(want);
  });

  it('opens a closed list with ↓ on the first option and ↑ on the last', () => {
    expect(press(['ArrowDown'], 4, CLOSED).state).toEqual({ open: true, active: 0 });
    expect(press(['ArrowUp'], 4, CLOSED).state).toEqual({ open: true, active: 3 });
  });

  it('Enter picks the active option and closes the list', () => {
    const outcome = comboboxKey({ open: true, active: 1 }, 'Enter', 3);
    expect(outcome).toEqual({ state: CLOSED, pick: 1, handled: true });
    expect(press(['ArrowDown', 'ArrowDown', 'Enter'], 3).picks).toEqual([1]);
  });

  it('Enter with no option active is left to the form (it searches what was typed)', () => {
    expect(comboboxKey(OPENED, 'Enter', 3)).toEqual({ state: CLOSED, handled: false });
    expect(comboboxKey(CLOSED, 'Enter', 3)).toEqual({ state: CLOSED, handled: false });
    // an index the options no longer have
    expect(comboboxKey({ open: true, active: 5 }, 'Enter', 3).pick).toBeUndefined();
  });

  it('Escape is the list’s only while it is open', () => {
    expect(comboboxKey({ open: true, active: 0 }, 'Escape', 3).handled).toBe(true);
    expect(comboboxKey(CLOSED, 'Escape', 3).handled).toBe(false);
  });

  it('an active option past the end of new options is none', () => {
    expect(withOptionCount({ open: true, active: 4 }, 2)).toEqual(OPENED);
    expect(withOptionCount({ open: true, active: 1 }, 2)).toEqual({ open: true, active: 1 });
  });
});
