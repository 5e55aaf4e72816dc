import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed media URLs: `expires` (Unix seconds) and `sig`, an HMAC over the episode's folder and the
 * expiry. One signature opens every playlist and segment of that one episode and nothing else.
 */
export interface MediaSigner {
  sign(dramaId: number, epsd: number, expires: number): string;
  verify(dramaId: number, epsd: number, expires: number, sig: string): boolean;
}

export function createMediaSigner(secret: string): MediaSigner {
  const mac = (dramaId: number, epsd: number, expires: number) =>
    createHmac('sha256', secret).update(`/media/${dramaId}/${epsd}/\n${expires}`).digest();
  return {
    sign: (dramaId, epsd, expires) => mac(dramaId, epsd, expires).toString('base64url'),
    verify(dramaId, epsd, expires, sig) {
      const expected = mac(dramaId, epsd, expires);
      const given = Buffer.from(sig, 'base64url');
      // base64url decoding skips junk and unused trailing bits: only the canonical text passes
      return (
        given.length === expected.length &&
        given.toString('base64url') === sig &&
        timingSafeEqual(given, expected)
      );
    },
  };
}

/** Adds the signature to every URI of a playlist: segment lines and URI="..." attributes. */
export function signPlaylist(playlist: string, query: string): string {
  return playlist
    .split('\n')
    .map((line) => {
      const trimmed = line.trim();
      if (trimmed === '') return line;
      if (trimmed.startsWith('#')) {
        return line.replace(/URI="([^"?]+)"/g, (_m, uri: string) => `URI="${uri}?${query}"`);
      }
      return trimmed.includes('?') ? line : `${trimmed}?${query}`;
    })
    .join('\n');
}
