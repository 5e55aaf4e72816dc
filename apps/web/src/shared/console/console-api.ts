import { ADMIN_BASE, API_BASE, ResultCode } from '@snapdrama/contract';

/** An operator API error: the server's code and message (shown as is: they are written for people). */
export class ConsoleApiError extends Error {
  readonly code: number;
  readonly status: number;
  constructor(code: number, status: number, message: string) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

type SessionListener = () => void;
const sessionLostListeners = new Set<SessionListener>();

/** Called when the server says the operator session is gone (signed out, expired, disabled). */
export function onSessionLost(listener: SessionListener): () => void {
  sessionLostListeners.add(listener);
  return () => sessionLostListeners.delete(listener);
}

/**
 * The console's API client: `/api/v1/admin` + path, the httpOnly operator cookie (no token in
 * script), the `{ code, message, data }` envelope. Never sends the viewer's token.
 */
export async function consoleRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const response = await fetch(`${API_BASE}${ADMIN_BASE}${path}`, {
    method,
    credentials: 'same-origin',
    headers: body === undefined || isForm ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  let envelope: { code?: number; message?: string; data?: unknown } = {};
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    // not JSON (a proxy's error page): the status says enough
  }
  const code = envelope.code ?? (response.ok ? 0 : response.status * 1000 + 1);
  if (!response.ok || code !== 0) {
    if (code === ResultCode.OPERATOR_SESSION_INVALID) sessionLostListeners.forEach((l) => l());
    throw new ConsoleApiError(code, response.status, envelope.message ?? response.statusText);
  }
  return envelope.data as T;
}

export const consoleApi = {
  get: <T>(path: string) => consoleRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown) => consoleRequest<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => consoleRequest<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => consoleRequest<T>('PATCH', path, body ?? {}),
  delete: <T>(path: string, body?: unknown) => consoleRequest<T>('DELETE', path, body),
};

/** The path after `/api/v1/admin` of a contract path that starts with ADMIN_BASE. */
export const adminPath = (contractPath: string) =>
  contractPath.startsWith(ADMIN_BASE) ? contractPath.slice(ADMIN_BASE.length) : contractPath;
