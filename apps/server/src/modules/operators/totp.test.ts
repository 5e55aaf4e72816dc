import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, totpCode } from './totp';

// RFC 6238 appendix B, SHA-1 secret "12345678901234567890" (the last 6 of the 8-digit values)
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('at %i s the code is %s', (seconds, code) => {
    expect(totpCode(RFC_SECRET, new Date(seconds * 1000))).toBe(code);
  });

  it('RFC 4226 HOTP values', () => {
    const secret = Buffer.from('12345678901234567890');
    expect([0, 1, 2, 9].map((c) => hotp(secret, c))).toEqual([
      '755224',
      '287082',
      '359152',
      '520489',
    ]);
  });

  it('base32 round-trips any bytes', () => {
    for (let n = 0; n < 40; n += 1) {
      const bytes = Buffer.from(Array.from({ length: n }, (_, i) => (i * 37 + n) % 256));
      expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    }
  });

  it('accepts the neighbouring step for clock drift, not two steps away', () => {
    const now = new Date(1111111109 * 1000);
    const previous = totpCode(RFC_SECRET, new Date(now.getTime() - 30_000));
    const tooOld = totpCode(RFC_SECRET, new Date(now.getTime() - 60_000));
    expect(matchTotp(RFC_SECRET, previous, now)).toBe(Math.floor(1111111109 / 30) - 1);
    expect(matchTotp(RFC_SECRET, tooOld, now)).toBeUndefined();
    expect(matchTotp(RFC_SECRET, '000000', now)).toBeUndefined();
  });
});
