import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authMethod: text('auth_method').notNull(),
    /** the client-made id of a guest */
    guestId: uuid('guest_id'),
    /** the provider's subject for social accounts */
    providerSubject: text('provider_subject'),
    nickname: text('nickname').notNull(),
    email: text('email'),
    lang: text('lang').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'users_auth_method_check',
      sql`${t.authMethod} in ('guest', 'google', 'kakao', 'facebook', 'apple')`,
    ),
    check('users_lang_check', sql`${t.lang} in ('ko', 'en', 'ja')`),
    uniqueIndex('users_guest_id_key').on(t.guestId),
    uniqueIndex('users_provider_subject_key')
      .on(t.authMethod, t.providerSubject)
      .where(sql`${t.providerSubject} is not null`),
  ],
);
export type UserRow = typeof users.$inferSelect;

/** A user's id as another table's foreign key, required. */
export const userIdRef = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id);

/** A sign-in: one family of rotating refresh tokens. Revoking it ends every token in it. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdRef(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);
export type SessionRow = typeof sessions.$inferSelect;

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id),
    /** sha-256 of the token; the token itself is never stored */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_id_idx').on(t.sessionId),
  ],
);

/**
 * A social authorization request the server started (GET /auth/authorize/{provider}): its state,
 * nonce and PKCE verifier stay here, never with the client. Redeemed once, within 10 minutes.
 */
export const authRequests = pgTable(
  'auth_requests',
  {
    state: text('state').primaryKey(),
    authMethod: text('auth_method').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** the redirect_uri the provider was given */
    redirectUri: text('redirect_uri').notNull(),
    /** the web callback page (differs from redirectUri for Apple's form_post) */
    returnUri: text('return_uri').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('auth_requests_expires_idx').on(t.expiresAt)],
);
export type AuthRequestRow = typeof authRequests.$inferSelect;

/** Sign-in tickets already spent (by their jti): a ticket works once. */
export const signInTicketUses = pgTable(
  'sign_in_ticket_uses',
  {
    jti: text('jti').primaryKey(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_ticket_uses_expires_idx').on(t.expiresAt)],
);

/** The sign-up consent items (spec §5: age 14+, terms, privacy, notifications) and when. */
export const userConsents = pgTable(
  'user_consents',
  {
    userId: userIdRef(),
    item: text('item').notNull(),
    agreed: boolean('agreed').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.item] }),
    check('user_consents_item_check', sql`${t.item} in ('age14', 'terms', 'privacy', 'alarm')`),
  ],
);

/**
 * Operators' suspensions of a viewer (decision 1560): while one is in force (not lifted, and its
 * end, if any, still ahead) the viewer cannot sign in, use a session, earn or spend coins. Kept
 * after it ends, for the history; at most one is in force per viewer.
 */
export const userSuspensions = pgTable(
  'user_suspensions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdRef(),
    reason: text('reason').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** null: until an operator lifts it */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** the operator who suspended (operator id) */
    createdBy: text('created_by').notNull(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: text('lifted_by'),
  },
  (t) => [
    check('user_suspensions_reason_check', sql`char_length(${t.reason}) between 2 and 500`),
    check('user_suspensions_ends_check', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    uniqueIndex('user_suspensions_open_key')
      .on(t.userId)
      .where(sql`${t.liftedAt} is null`),
  ],
);
export type SuspensionRow = typeof userSuspensions.$inferSelect;
