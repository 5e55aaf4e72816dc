import { describe, expect, it } from 'vitest';
import {
  PENDING_INVITE_KEEP_MS,
  PENDING_INVITE_KEY,
  forgetInvite,
  pendingInvite,
  rememberInvite,
} from './pending-invite';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe('the invite code kept for the join', () => {
  it('is kept, read back while fresh, and forgotten after the join', () => {
    const storage = memoryStorage();
    rememberInvite('AB23CD45', 1_000, storage);
    expect(pendingInvite(1_000 + PENDING_INVITE_KEEP_MS, storage)).toBe('AB23CD45');
    forgetInvite(storage);
    expect(pendingInvite(2_000, storage)).toBeUndefined();
  });

  it('is dropped when stale, from the future, malformed or not JSON', () => {
    const storage = memoryStorage();
    rememberInvite('AB23CD45', 1_000, storage);
    expect(pendingInvite(1_001 + PENDING_INVITE_KEEP_MS, storage)).toBeUndefined();
    expect(pendingInvite(999, storage)).toBeUndefined();
    for (const raw of ['{', '{"code":"a b","at":1}', '{"code":5,"at":1}', '"x"', 'null']) {
      storage.setItem(PENDING_INVITE_KEY, raw);
      expect(pendingInvite(1, storage), raw).toBeUndefined();
    }
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => rememberInvite('AB23CD45', 1, broken)).not.toThrow();
    expect(pendingInvite(1, broken)).toBeUndefined();
    expect(() => forgetInvite(broken)).not.toThrow();
  });
});
