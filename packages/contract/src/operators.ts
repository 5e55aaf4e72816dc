import { z } from 'zod';

/**
 * The operator console's API (issue 13): operators are not viewers. Their routes live under
 * `${API_BASE}${ADMIN_BASE}` and are answered only to an operator session of the right role.
 */
export const ADMIN_BASE = '/admin';
/** httpOnly, SameSite=Strict cookie of the console's session, limited to the admin API path */
export const OPERATOR_TOKEN_COOKIE = 'operator_token';

export const OPERATOR_ROLES = ['admin', 'editor', 'support'] as const;
export const operatorRole = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof operatorRole>;

export const operatorEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email('must be an email address'));
export const OPERATOR_PASSWORD_MIN = 10;
export const operatorPassword = z
  .string()
  .min(OPERATOR_PASSWORD_MIN, `must be at least ${OPERATOR_PASSWORD_MIN} characters`)
  .max(200, 'must be at most 200 characters');

export const operatorSignInBody = z.object({
  email: operatorEmail,
  password: z.string().min(1, 'is required').max(200, 'must be at most 200 characters'),
  /** the 6-digit TOTP code, required when the operator has TOTP on */
  totp: z
    .string()
    .regex(/^\d{6}$/, 'must be 6 digits')
    .optional(),
});
export type OperatorSignInBody = z.infer<typeof operatorSignInBody>;

export const operatorProfile = z.object({
  operatorId: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: operatorRole,
  totpEnabled: z.boolean(),
});
export type OperatorProfile = z.infer<typeof operatorProfile>;

export const operatorSessionData = z.object({
  operator: operatorProfile,
  /** also set as the operator_token cookie; returned for API clients that send a bearer token */
  accessToken: z.string(),
  expiresAt: z.string(),
});
export type OperatorSessionData = z.infer<typeof operatorSessionData>;

export const operatorMeData = z.object({ operator: operatorProfile });
export type OperatorMeData = z.infer<typeof operatorMeData>;

/** One entry of the append-only audit log: who did what, when, to what, before and after. */
export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  operatorId: z.string().nullable(),
  operatorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const AUDIT_PAGE_SIZE = 50;
export const auditListQuery = z.object({
  action: z.string().trim().min(1).max(100).optional(),
  targetType: z.string().trim().min(1).max(100).optional(),
  targetId: z.string().trim().min(1).max(200).optional(),
  operatorId: z.uuid('must be an operator id').optional(),
  /** entries older than this id (the previous page's last id) */
  before: z.coerce.number().int().positive().optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;
export const auditListData = z.object({
  entries: z.array(auditEntry),
  /** pass as `before` for the next page; null on the last page */
  nextBefore: z.number().int().nullable(),
});
export type AuditListData = z.infer<typeof auditListData>;

export const adminPaths = {
  signIn: () => `${ADMIN_BASE}/auth/sign-in`,
  signOut: () => `${ADMIN_BASE}/auth/sign-out`,
  me: () => `${ADMIN_BASE}/auth/me`,
  audit: () => `${ADMIN_BASE}/audit`,
} as const;
