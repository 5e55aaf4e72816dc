import { describe, expect, it } from 'vitest';
import { linkAddress, tokenFromHash } from './operator-links';

const token = 'A'.repeat(40) + '_-9';

describe('operator links', () => {
  it('puts the console origin in front of a link path, and nothing else', () => {
    expect(linkAddress('https://console.test', `/admin/link#${token}`)).toBe(
      `https://console.test/admin/link#${token}`,
    );
    expect(linkAddress('https://console.test', 'https://evil.test/admin/link#x')).toBe('');
  });

  it.each([
    [`#${token}`, token],
    [token, token],
    ['#short', undefined],
    ['', undefined],
    [`#${token}x`, undefined],
    [`#${token.slice(0, 42)}.`, undefined],
  ])('reads the token of %s', (hash, expected) => {
    expect(tokenFromHash(hash)).toBe(expected);
  });
});
