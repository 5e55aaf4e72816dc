import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { MessageKey } from '@snapdrama/contract';

// Issue 47, "no raw key, ever": a key the loaded dictionary lacks (a drama added after it was
// loaded) shows the language's placeholder and fetches the dictionary once more, once per key.
const fetched: string[] = [];
vi.mock('../api/api', () => ({
  api: {
    get: vi.fn((path: string) => {
      fetched.push(path);
      return Promise.resolve({
        lang: 'ko',
        dictionary: [{ lang_key: 'drama.added-later.title', lang_valu: '나중에 추가된 드라마' }],
      });
    }),
    adopt: vi.fn(),
  },
}));
vi.mock('../boot/handoff', () => ({ takeBootDictionary: () => undefined }));

const storage = new Map<string, string>([['lang', 'ko']]);
vi.stubGlobal('window', {
  localStorage: {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => storage.set(k, v),
  },
  document: { cookie: '' },
});
vi.stubGlobal('document', { cookie: '' });

const key = 'drama.added-later.title' as MessageKey;

describe('a key missing from the loaded dictionary', () => {
  beforeAll(async () => {
    const { i18nReady } = await import('./i18n');
    await import('./dictionary');
    await i18nReady;
  }, 60_000);

  it('shows the placeholder, never the key, and asks once for a fresh dictionary', async () => {
    const { i18n } = await import('./i18n');
    expect(i18n.language).toBe('ko');
    expect(i18n.t(key)).toBe('불러오는 중');
    expect(i18n.t(key)).not.toContain('drama.');
    await vi.waitFor(() => expect(i18n.t(key)).toBe('나중에 추가된 드라마'));
    expect(fetched).toHaveLength(1);
    expect(fetched[0]).toMatch(/^\/auth\/dictionary\/ko\?at=\d+$/);
  });

  it('a key no dictionary has asks only once', async () => {
    const { i18n } = await import('./i18n');
    const other = 'drama.never.title' as MessageKey;
    expect(i18n.t(other)).toBe('불러오는 중');
    await vi.waitFor(() => expect(fetched).toHaveLength(2));
    expect(i18n.t(other)).toBe('불러오는 중');
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(fetched).toHaveLength(2);
  });
});
