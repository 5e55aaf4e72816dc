import {
  ADMIN_BASE,
  API_BASE,
  adminPaths,
  type OperatorData,
  type OperatorLinkData,
  type OperatorListData,
  type OperatorSessionData,
} from '@snapdrama/contract';

/**
 * The operator CLI's way through a running server (issue 41 item 1): when the server holds the
 * embedded database, the CLI signs in as an admin (OPERATOR_ADMIN_EMAIL, OPERATOR_ADMIN_PASSWORD,
 * OPERATOR_ADMIN_TOTP when TOTP is on) and asks the console's API, so nothing needs a stop. What
 * only the database can do (a first admin, a password typed in, another's TOTP) stays offline.
 */
export interface CliApiOptions {
  /** the server's origin, e.g. http://127.0.0.1:3000 */
  baseUrl: string;
  admin: { email: string; password: string; totp?: string };
  fetch?: typeof fetch;
}

export class CliApiError extends Error {}

export async function runOperatorCommandThroughApi(
  command: string,
  values: { email?: string; role?: string; name?: string; password?: string; totp?: boolean },
  options: CliApiOptions,
): Promise<string[]> {
  const send = options.fetch ?? fetch;
  let token = '';
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await send(`${options.baseUrl}${API_BASE}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'accept-language': 'en',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await response.json().catch(() => ({}))) as {
      code?: number;
      message?: string;
      data?: T;
    };
    if (!response.ok || envelope.code !== 0) {
      throw new CliApiError(`${envelope.code ?? response.status}: ${envelope.message ?? ''}`);
    }
    return envelope.data as T;
  }
  const offlineOnly = (what: string) =>
    new CliApiError(`${what} needs the database: stop the server, or use the console`);
  const email = () => {
    if (!values.email) throw new CliApiError('--email is required');
    return values.email.trim().toLowerCase();
  };
  const origin = options.baseUrl.replace(/\/$/, '');

  const session = await call<OperatorSessionData>('POST', adminPaths.signIn(), {
    email: options.admin.email,
    password: options.admin.password,
    ...(options.admin.totp ? { totp: options.admin.totp } : {}),
  });
  token = session.accessToken;
  try {
    const idOf = async (address: string) => {
      const { operators } = await call<OperatorListData>('GET', adminPaths.operators());
      const found = operators.find((o) => o.email === address);
      if (!found) throw new CliApiError(`No operator ${address}`);
      return found.operatorId;
    };
    const linkLines = (made: OperatorLinkData) => [
      `${made.operator.email} (${made.operator.role}, ${made.operator.status})`,
      `${made.link.purpose} link, once, until ${made.link.expiresAt}: ${origin}${made.link.path}`,
    ];
    switch (command) {
      case 'list': {
        const { operators } = await call<OperatorListData>('GET', adminPaths.operators());
        return operators.map(
          (o) => `${o.email}\t${o.role}\t${o.totpEnabled ? 'totp' : 'no-totp'}\t${o.status}`,
        );
      }
      case 'create': {
        if (values.password || values.totp) throw offlineOnly('--password or --totp');
        const made = await call<OperatorLinkData>('POST', adminPaths.operatorInvites(), {
          email: email(),
          role: values.role ?? '',
          ...(values.name ? { displayName: values.name } : {}),
        });
        return linkLines(made);
      }
      case 'set-role':
      case 'disable':
      case 'enable': {
        const body =
          command === 'set-role'
            ? { role: values.role ?? '' }
            : { disabled: command === 'disable' };
        const { operator } = await call<OperatorData>(
          'PATCH',
          adminPaths.operator(await idOf(email())),
          body,
        );
        return [`${operator.email} (${operator.role}, ${operator.status})`];
      }
      case 'set-password': {
        if (values.password) throw offlineOnly('--password');
        return linkLines(
          await call<OperatorLinkData>('POST', adminPaths.operatorLink(await idOf(email()))),
        );
      }
      case 'totp-on':
      case 'totp-off':
        throw offlineOnly(`${command} (each operator does it at ${ADMIN_BASE}/account)`);
      default:
        throw new CliApiError(`unknown command ${command}`);
    }
  } finally {
    await call('POST', adminPaths.signOut()).catch(() => undefined);
  }
}
