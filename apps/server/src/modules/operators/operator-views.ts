import {
  ResultCode,
  operatorRole,
  type OperatorListItem,
  type OperatorProfile,
} from '@snapdrama/contract';
import { AppError } from '../../errors';
import type { OperatorRow } from './operators.tables';

export function profileOf(row: OperatorRow): OperatorProfile {
  return {
    operatorId: row.id,
    email: row.email,
    displayName: row.displayName,
    role: operatorRole.parse(row.role),
    totpEnabled: row.totpSecret !== null,
  };
}

export function listItemOf(row: OperatorRow): OperatorListItem {
  return {
    ...profileOf(row),
    status: row.disabledAt ? 'disabled' : row.passwordHash === null ? 'invited' : 'active',
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an operator: never the password hash or the TOTP secret. */
export const auditView = (row: OperatorRow) => ({
  email: row.email,
  displayName: row.displayName,
  role: row.role,
  totpEnabled: row.totpSecret !== null,
  disabled: row.disabledAt !== null,
});

export function parseOrThrow<T>(
  schema: {
    safeParse(
      v: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
  },
  value: unknown,
  field: string,
): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new AppError(
      ResultCode.BAD_REQUEST,
      `${field}: ${result.error.issues[0]?.message ?? 'invalid'}`,
    );
  }
  return result.data;
}
