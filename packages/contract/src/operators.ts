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
  /** one of the recovery codes shown at TOTP set-up, instead of `totp` (each works once) */
  recoveryCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z2-7]{4}-?[A-Za-z2-7]{4}-?[A-Za-z2-7]{4}$/, 'must be a recovery code')
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

// ---- operators managed in the console (issue 41 item 1; decision 1530) ----

/** invited: no password yet (the invite link sets it); disabled: signed out, refused at sign-in */
export const OPERATOR_STATUSES = ['active', 'invited', 'disabled'] as const;
export const operatorStatus = z.enum(OPERATOR_STATUSES);
export type OperatorStatus = z.infer<typeof operatorStatus>;

export const operatorListItem = operatorProfile.extend({
  status: operatorStatus,
  createdAt: z.string(),
});
export type OperatorListItem = z.infer<typeof operatorListItem>;
export const operatorListData = z.object({ operators: z.array(operatorListItem) });
export type OperatorListData = z.infer<typeof operatorListData>;
export const operatorData = z.object({ operator: operatorListItem });
export type OperatorData = z.infer<typeof operatorData>;

export const operatorDisplayName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(60, 'must be at most 60 characters');
export const operatorInviteBody = z.object({
  email: operatorEmail,
  role: operatorRole,
  /** the part of the email before @ when left out */
  displayName: operatorDisplayName.optional(),
});
export type OperatorInviteBody = z.infer<typeof operatorInviteBody>;

export const operatorIdParams = z.object({ operatorId: z.uuid('must be an operator id') });
/** An admin's change of another operator: the role, or disabled (signs out at once) or enabled. */
export const operatorChangeBody = z
  .object({ role: operatorRole.optional(), disabled: z.boolean().optional() })
  .refine((body) => body.role !== undefined || body.disabled !== undefined, {
    message: 'is required',
    path: ['role'],
  });
export type OperatorChangeBody = z.infer<typeof operatorChangeBody>;

export const OPERATOR_LINK_PURPOSES = ['invite', 'reset'] as const;
export const operatorLinkPurpose = z.enum(OPERATOR_LINK_PURPOSES);
export type OperatorLinkPurpose = z.infer<typeof operatorLinkPurpose>;
/** The console page a link opens; the token rides in the fragment, never in a request line. */
export const OPERATOR_LINK_PAGE = '/admin/link';
/** A one-time link: shown once to the admin who made it, who passes it on. */
export const operatorLink = z.object({
  purpose: operatorLinkPurpose,
  /** `${OPERATOR_LINK_PAGE}#<token>`: the console's origin goes in front */
  path: z.string(),
  expiresAt: z.string(),
});
export type OperatorLink = z.infer<typeof operatorLink>;
export const operatorLinkData = z.object({ operator: operatorListItem, link: operatorLink });
export type OperatorLinkData = z.infer<typeof operatorLinkData>;

/** 32 random bytes, base64url */
export const operatorLinkToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a link token');
export const operatorLinkInfoBody = z.object({ token: operatorLinkToken });
export const operatorLinkInfoData = z.object({
  purpose: operatorLinkPurpose,
  email: z.string(),
  displayName: z.string(),
  expiresAt: z.string(),
});
export type OperatorLinkInfoData = z.infer<typeof operatorLinkInfoData>;
export const operatorLinkAcceptBody = z.object({
  token: operatorLinkToken,
  password: operatorPassword,
});
export type OperatorLinkAcceptBody = z.infer<typeof operatorLinkAcceptBody>;
/** signed in, unless the operator has TOTP on: then the password is set and they sign in with a code */
export const operatorLinkAcceptData = z.object({ session: operatorSessionData.nullable() });
export type OperatorLinkAcceptData = z.infer<typeof operatorLinkAcceptData>;

const currentPassword = z.string().min(1, 'is required').max(200, 'must be at most 200 characters');
export const operatorPasswordChangeBody = z.object({
  currentPassword,
  newPassword: operatorPassword,
});
export type OperatorPasswordChangeBody = z.infer<typeof operatorPasswordChangeBody>;
/** The password asked again before TOTP goes off or new recovery codes are made. */
export const operatorPasswordCheckBody = z.object({ currentPassword });
export type OperatorPasswordCheckBody = z.infer<typeof operatorPasswordCheckBody>;

export const operatorSecurityData = z.object({
  totpEnabled: z.boolean(),
  /** recovery codes not used yet */
  recoveryCodesLeft: z.number().int(),
});
export type OperatorSecurityData = z.infer<typeof operatorSecurityData>;
export const totpSetupData = z.object({
  /** base32, for typing into an authenticator app */
  secret: z.string(),
  /** otpauth://totp/... shown as a QR code */
  otpauthUri: z.string(),
});
export type TotpSetupData = z.infer<typeof totpSetupData>;
export const totpConfirmBody = z.object({
  totp: z.string().regex(/^\d{6}$/, 'must be 6 digits'),
});
export type TotpConfirmBody = z.infer<typeof totpConfirmBody>;
export const RECOVERY_CODE_COUNT = 10;
/** shown once: only their hashes are kept */
export const recoveryCodesData = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesData = z.infer<typeof recoveryCodesData>;

/**
 * Who made an audited entry (decision 1570): a signed-in operator, the operator CLI, the transcode
 * worker, the server's own rules, or nobody signed in (a failed sign-in).
 */
export const AUDIT_ACTORS = ['operator', 'cli', 'worker', 'system', 'anonymous'] as const;
export const auditActor = z.enum(AUDIT_ACTORS);
export type AuditActor = z.infer<typeof auditActor>;
/** Why a console sign-in failed, in `after.reason` of `operator.sign_in_failed` */
export const SIGN_IN_FAILURES = [
  'unknown_email',
  'password',
  'disabled',
  'totp',
  'recovery_code',
] as const;
export type SignInFailure = (typeof SIGN_IN_FAILURES)[number];

/** One entry of the append-only audit log: who did what, when, from where, to what, before and after. */
export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: auditActor,
  operatorId: z.string().nullable(),
  operatorEmail: z.string().nullable(),
  /** the client's address and user agent; null for entries made off HTTP (worker, CLI) */
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** the target by name in the asked language: drama title, viewer, operator e-mail, pack */
  targetName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const AUDIT_PAGE_SIZE = 50;
const serviceDate = z.iso.date('must be a date (YYYY-MM-DD)');
export const auditListQuery = z
  .object({
    /** exactly this action */
    action: z.string().trim().min(1).max(100).optional(),
    /** actions starting with this text: `wallet` finds wallet.grant and wallet.revoke */
    family: z.string().trim().toLowerCase().min(1).max(100).optional(),
    targetType: z.string().trim().min(1).max(100).optional(),
    targetId: z.string().trim().min(1).max(200).optional(),
    operatorId: z.uuid('must be an operator id').optional(),
    /** an operator's id, or a kind of actor that is no operator (cli, worker, system, anonymous) */
    actor: z
      .union([z.uuid(), auditActor.exclude(['operator'])], {
        error: 'must be an operator id or cli, worker, system, anonymous',
      })
      .optional(),
    /** first and last service day (SERVICE_TIMEZONE), both included */
    from: serviceDate.optional(),
    to: serviceDate.optional(),
    /** the language of target names (drama titles, pack names); English when left out */
    lang: z.enum(['ko', 'en', 'ja']).optional(),
    /** entries older than this id (the previous page's last id) */
    before: z.coerce.number().int().positive().optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'must not be after `to`',
    path: ['from'],
  });
export type AuditListQuery = z.infer<typeof auditListQuery>;
export const auditListData = z.object({
  entries: z.array(auditEntry),
  /** pass as `before` for the next page; null on the last page */
  nextBefore: z.number().int().nullable(),
});
export type AuditListData = z.infer<typeof auditListData>;
/** The CSV export's columns, in order (codes, not words: a file for tools and reviews). */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'actor',
  'operator_id',
  'operator_email',
  'ip',
  'user_agent',
  'action',
  'target_type',
  'target_id',
  'target_name',
  'before',
  'after',
] as const;

export const adminPaths = {
  signIn: () => `${ADMIN_BASE}/auth/sign-in`,
  signOut: () => `${ADMIN_BASE}/auth/sign-out`,
  me: () => `${ADMIN_BASE}/auth/me`,
  audit: () => `${ADMIN_BASE}/audit`,
  auditExport: () => `${ADMIN_BASE}/audit/export`,
  operators: () => `${ADMIN_BASE}/operators`,
  operatorInvites: () => `${ADMIN_BASE}/operators/invites`,
  operator: (operatorId: string) => `${ADMIN_BASE}/operators/${operatorId}`,
  operatorLink: (operatorId: string) => `${ADMIN_BASE}/operators/${operatorId}/link`,
  linkInfo: () => `${ADMIN_BASE}/auth/link/info`,
  linkAccept: () => `${ADMIN_BASE}/auth/link/accept`,
  accountPassword: () => `${ADMIN_BASE}/account/password`,
  accountSecurity: () => `${ADMIN_BASE}/account/security`,
  totpSetup: () => `${ADMIN_BASE}/account/totp/setup`,
  totpConfirm: () => `${ADMIN_BASE}/account/totp/confirm`,
  totpOff: () => `${ADMIN_BASE}/account/totp/off`,
  recoveryCodes: () => `${ADMIN_BASE}/account/recovery-codes`,
} as const;
