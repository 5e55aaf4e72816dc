import { describe, expect, it } from 'vitest';
import { episodeShareUrl } from '@snapdrama/rules';
import {
  SHARE_LANDING_KEEP_MS,
  SHARE_LANDING_KEY,
  forgetShareLanding,
  pendingShareLanding,
  rememberShareLanding,
} from './share-landing';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe('the shared-link landing kept for the join', () => {
  it('is kept from a share link, read back while fresh, and forgotten after the join', () => {
    const storage = memoryStorage();
    const link = new URL(episodeShareUrl('https://s.example', 3, 7, 'ja'));
    rememberShareLanding(link.search, 1_000, storage);
    expect(pendingShareLanding(1_000 + SHARE_LANDING_KEEP_MS, storage)).toBe('share');
    forgetShareLanding(storage);
    expect(pendingShareLanding(2_000, storage)).toBeUndefined();
  });

  it('is not kept from an address without the mark', () => {
    const storage = memoryStorage();
    for (const search of ['', '?lang=ko', '?from=invite', '?from=Share'])
      rememberShareLanding(search, 1_000, storage);
    expect(storage.getItem(SHARE_LANDING_KEY)).toBeNull();
    expect(pendingShareLanding(1_000, storage)).toBeUndefined();
  });

  it('is dropped when stale, from the future, malformed or not JSON', () => {
    const storage = memoryStorage();
    rememberShareLanding('?from=share', 1_000, storage);
    expect(pendingShareLanding(1_001 + SHARE_LANDING_KEEP_MS, storage)).toBeUndefined();
    expect(pendingShareLanding(999, storage)).toBeUndefined();
    for (const raw of ['{', '{"from":"invite","at":1}', '{"from":"share"}', '"x"', 'null']) {
      storage.setItem(SHARE_LANDING_KEY, raw);
      expect(pendingShareLanding(1, storage), raw).toBeUndefined();
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
    expect(() => rememberShareLanding('?from=share', 1, broken)).not.toThrow();
    expect(pendingShareLanding(1, broken)).toBeUndefined();
    expect(() => forgetShareLanding(broken)).not.toThrow();
  });
});
