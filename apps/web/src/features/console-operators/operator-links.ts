import { OPERATOR_LINK_PAGE } from '@snapdrama/contract';

/** The full address of a link the server made (`/admin/link#token`) on this console's origin. */
export const linkAddress = (origin: string, path: string): string =>
  path.startsWith(`${OPERATOR_LINK_PAGE}#`) ? `${origin}${path}` : '';

/** The token of the link page's fragment, or undefined when it is not one. */
export function tokenFromHash(hash: string): string | undefined {
  const token = hash.replace(/^#/, '');
  return /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}
