/**
 * PortOne V2 identity verification, the server's half: the browser SDK (or the stand-in's page)
 * runs the check under an identityVerificationId we made; then we read it back with
 * `GET /identity-verifications/{id}?storeId=` and `Authorization: PortOne <API secret>`, and only
 * PortOne's answer is believed. What we read of it: the status and verifiedCustomer.birthDate.
 */

/** READY (started), VERIFIED, FAILED, as PortOne answers them */
export type PortoneIdentityStatus = 'READY' | 'VERIFIED' | 'FAILED';

export interface PortoneIdentityVerification {
  id: string;
  status: PortoneIdentityStatus;
  /** verifiedCustomer.birthDate (YYYY-MM-DD) of a VERIFIED check */
  birthDate: string | undefined;
}

export type PortoneIdentityResult =
  | { ok: true; verification: PortoneIdentityVerification }
  /** type: PortOne's error type (IDENTITY_VERIFICATION_NOT_FOUND, UNAUTHORIZED, ...) */
  | { ok: false; status: number; type: string; message: string };

export interface PortoneIdentityClient {
  get(identityVerificationId: string): Promise<PortoneIdentityResult>;
}

function readVerification(json: unknown): PortoneIdentityVerification | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const v = json as Record<string, unknown>;
  if (typeof v.id !== 'string') return undefined;
  if (v.status !== 'READY' && v.status !== 'VERIFIED' && v.status !== 'FAILED') return undefined;
  const customer = v.verifiedCustomer as Record<string, unknown> | undefined;
  const birthDate =
    customer && typeof customer.birthDate === 'string' ? customer.birthDate : undefined;
  return { id: v.id, status: v.status, birthDate };
}

export function createPortoneIdentityClient(options: {
  apiSecret: string;
  storeId: string;
  /** e.g. https://api.portone.io; the local stand-in's address in the sandbox */
  apiBase: () => Promise<string>;
  timeoutMs?: number;
}): PortoneIdentityClient {
  return {
    async get(identityVerificationId) {
      const base = await options.apiBase();
      const url = `${base}/identity-verifications/${encodeURIComponent(identityVerificationId)}?storeId=${encodeURIComponent(options.storeId)}`;
      let status: number;
      let text: string;
      try {
        const response = await fetch(url, {
          headers: { authorization: `PortOne ${options.apiSecret}`, accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
        status = response.status;
        text = await response.text();
      } catch (error) {
        return {
          ok: false,
          status: 503,
          type: 'NETWORK_ERROR',
          message: error instanceof Error ? error.message : 'PortOne did not answer',
        };
      }
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      const verification = status === 200 ? readVerification(json) : undefined;
      if (verification) return { ok: true, verification };
      const error = (json ?? {}) as { type?: unknown; message?: unknown };
      return {
        ok: false,
        status,
        type: typeof error.type === 'string' ? error.type : `HTTP_${status}`,
        message: typeof error.message === 'string' ? error.message : 'PortOne refused the request',
      };
    },
  };
}
