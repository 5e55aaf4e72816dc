import { ADMIN_BASE, API_BASE, ResultCode } from '@snapdrama/contract';
import { consoleLanguage } from './console-i18n';

/** An operator API error: the server's code and message (shown as is: they are written for people). */
export class ConsoleApiError extends Error {
  readonly code: number;
  readonly status: number;
  /** the server's text per field path (issue 47), when the refusal is about fields */
  readonly fields: Record<string, string>;
  constructor(code: number, status: number, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.code = code;
    this.status = status;
    this.fields = fields;
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
  // a file (Blob) travels as its bytes with its own type, e.g. a poster image
  const isFile = typeof Blob !== 'undefined' && body instanceof Blob;
  const headers: Record<string, string> = isFile
    ? { 'content-type': body.type || 'application/octet-stream' }
    : body === undefined || isForm
      ? {}
      : { 'content-type': 'application/json' };
  const response = await fetch(`${API_BASE}${ADMIN_BASE}${path}`, {
    method,
    credentials: 'same-origin',
    headers: { ...headers, 'accept-language': consoleLanguage() },
    body: body === undefined ? undefined : isForm || isFile ? body : JSON.stringify(body),
  });
  let envelope: {
    code?: number;
    message?: string;
    data?: unknown;
    fields?: Record<string, string>;
  } = {};
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    // not JSON (a proxy's error page): the status says enough
  }
  const code = envelope.code ?? (response.ok ? 0 : response.status * 1000 + 1);
  if (!response.ok || code !== 0) {
    if (code === ResultCode.OPERATOR_SESSION_INVALID) sessionLostListeners.forEach((l) => l());
    throw new ConsoleApiError(
      code,
      response.status,
      envelope.message ?? response.statusText,
      envelope.fields ?? {},
    );
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

/**
 * Field errors of a 400 answer ("body.title.ja: is required; body.ageRate: ..."), by field path
 * without "body."; the whole message under "" when no field is named.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ConsoleApiError))
    return error instanceof Error ? { '': error.message } : {};
  // the server names the fields (in the operator's language) since issue 47
  if (Object.keys(error.fields).length > 0) return { ...error.fields };
  const out: Record<string, string> = {};
  for (const part of error.message.split('; ')) {
    const match = /^(?:body\.|params\.|querystring\.)?([\w.]+): (.+)$/.exec(part);
    if (match?.[1] && match[2]) out[match[1]] = match[2];
    else out[''] = part;
  }
  return out;
}
