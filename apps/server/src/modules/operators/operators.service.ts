import {
  ResultCode,
  operatorEmail,
  operatorPassword,
  operatorRole,
  type OperatorProfile,
  type OperatorRole,
} from '@snapdrama/contract';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { AuditService } from '../audit/audit.service';
import type { OperatorTokens } from './operator-tokens';
import type { OperatorRow, OperatorsRepository } from './operators.repository';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './passwords';
import { matchTotp, newTotpSecret } from './totp';

/** A console session lasts a working day; signing in again is cheap, a stolen token is not. */
export const OPERATOR_SESSION_TTL_SECONDS = 12 * 60 * 60;

/** The caller of an operator route (set by the guard). */
export interface OperatorContext {
  operatorId: string;
  sessionId: string;
  role: OperatorRole;
  email: string;
}

const signInFailed = () =>
  new AppError(ResultCode.OPERATOR_SIGN_IN_FAILED, 'Wrong email or password');

export function profileOf(row: OperatorRow): OperatorProfile {
  return {
    operatorId: row.id,
    email: row.email,
    displayName: row.displayName,
    role: operatorRole.parse(row.role),
    totpEnabled: row.totpSecret !== null,
  };
}

/** What the audit log keeps of an operator: never the password hash or the TOTP secret. */
const auditView = (row: OperatorRow) => ({
  email: row.email,
  displayName: row.displayName,
  role: row.role,
  totpEnabled: row.totpSecret !== null,
  disabled: row.disabledAt !== null,
});

function parseOrThrow<T>(
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

export function createOperatorsService(deps: {
  db: Db;
  repo: OperatorsRepository;
  tokens: OperatorTokens;
  audit: AuditService;
  clock: Clock;
}) {
  const { db, repo, tokens, audit, clock } = deps;

  async function mustFind(email: string): Promise<OperatorRow> {
    const row = await repo.byEmail(email);
    if (!row) throw new AppError(ResultCode.NOT_FOUND, `No operator ${email}`);
    return row;
  }

  const service = {
    /** Creates an operator (the CLI; later an admin page). `actorId` null: the system. */
    async create(
      input: {
        email: string;
        displayName?: string;
        role: string;
        password: string;
        totp?: boolean;
      },
      actorId: string | null,
    ): Promise<{ operator: OperatorProfile; totpSecret: string | null }> {
      const email = parseOrThrow(operatorEmail, input.email, 'email');
      const role = parseOrThrow(operatorRole, input.role, 'role');
      const password = parseOrThrow(operatorPassword, input.password, 'password');
      const displayName = (input.displayName ?? email.split('@')[0] ?? email).trim().slice(0, 60);
      const passwordHash = await hashPassword(password);
      const totpSecret = input.totp ? newTotpSecret() : null;
      return db.transaction(async (tx) => {
        const row = await repo.insert(tx, {
          email,
          displayName,
          role,
          passwordHash,
          totpSecret,
          createdAt: clock.now(),
        });
        if (!row)
          throw new AppError(ResultCode.OPERATOR_EMAIL_TAKEN, `Operator ${email} exists already`);
        await audit.record(tx, {
          operatorId: actorId,
          action: 'operator.create',
          targetType: 'operator',
          targetId: row.id,
          before: null,
          after: auditView(row),
        });
        return { operator: profileOf(row), totpSecret };
      });
    },

    /** Start-up (OPERATOR_BOOTSTRAP_*): an admin with this email, created only if missing. */
    async ensureAdmin(bootstrap: { email: string; password: string }): Promise<boolean> {
      const email = parseOrThrow(operatorEmail, bootstrap.email, 'OPERATOR_BOOTSTRAP_EMAIL');
      if (await repo.byEmail(email)) return false;
      try {
        await service.create({ email, role: 'admin', password: bootstrap.password }, null);
        return true;
      } catch (error) {
        // another instance created it at the same moment
        if (error instanceof AppError && error.code === ResultCode.OPERATOR_EMAIL_TAKEN)
          return false;
        throw error;
      }
    },

    /** Operators' emails by id, for the audit log's entries. */
    emailsOf: (ids: string[]): Promise<Map<string, string>> => repo.emailsOf(ids),

    async list(): Promise<(OperatorProfile & { disabled: boolean })[]> {
      return (await repo.list()).map((row) => ({
        ...profileOf(row),
        disabled: row.disabledAt !== null,
      }));
    },

    /**
     * Changes one operator (CLI): role, password, TOTP on (a new secret) or off, disabled.
     * Any change signs the operator out everywhere.
     */
    async change(
      email: string,
      change: { role?: string; password?: string; totp?: boolean; disabled?: boolean },
      actorId: string | null,
    ): Promise<{ operator: OperatorProfile; totpSecret: string | null }> {
      const current = await mustFind(parseOrThrow(operatorEmail, email, 'email'));
      const values: Parameters<OperatorsRepository['update']>[2] = {};
      if (change.role !== undefined) values.role = parseOrThrow(operatorRole, change.role, 'role');
      if (change.password !== undefined) {
        values.passwordHash = await hashPassword(
          parseOrThrow(operatorPassword, change.password, 'password'),
        );
      }
      let totpSecret: string | null = null;
      if (change.totp === true) {
        totpSecret = newTotpSecret();
        values.totpSecret = totpSecret;
        values.totpLastStep = null;
      } else if (change.totp === false) values.totpSecret = null;
      if (change.disabled !== undefined) values.disabledAt = change.disabled ? clock.now() : null;
      return db.transaction(async (tx) => {
        const row = await repo.update(tx, current.id, values);
        if (!row) throw new AppError(ResultCode.NOT_FOUND, `No operator ${email}`);
        await repo.revokeSessionsOf(tx, row.id, clock.now());
        await audit.record(tx, {
          operatorId: actorId,
          action: change.password !== undefined ? 'operator.change_password' : 'operator.update',
          targetType: 'operator',
          targetId: row.id,
          before: auditView(current),
          after: auditView(row),
        });
        return { operator: profileOf(row), totpSecret };
      });
    },

    /** Password, then TOTP when on. Every failure of the password step answers the same. */
    async signIn(input: { email: string; password: string; totp?: string }) {
      const row = await repo.byEmail(input.email);
      const passwordOk = await verifyPassword(
        input.password,
        row?.passwordHash ?? DUMMY_PASSWORD_HASH,
      );
      if (!row || !passwordOk || row.disabledAt) throw signInFailed();
      const now = clock.now();
      if (row.totpSecret) {
        if (!input.totp) throw new AppError(ResultCode.OPERATOR_TOTP_INVALID, 'TOTP code required');
        const step = matchTotp(row.totpSecret, input.totp, now);
        if (step === undefined || !(await repo.useTotpStep(row.id, step))) {
          throw new AppError(ResultCode.OPERATOR_TOTP_INVALID, 'Wrong or already used TOTP code');
        }
      }
      const expiresAt = new Date(now.getTime() + OPERATOR_SESSION_TTL_SECONDS * 1000);
      const session = await repo.insertSession({ operatorId: row.id, createdAt: now, expiresAt });
      await audit.record(undefined, {
        operatorId: row.id,
        action: 'operator.sign_in',
        targetType: 'operator',
        targetId: row.id,
      });
      const accessToken = await tokens.issue(
        { operatorId: row.id, sessionId: session.id },
        expiresAt,
      );
      return { operator: profileOf(row), accessToken, expiresAt: expiresAt.toISOString() };
    },

    /** The caller of a token: a live session of an operator who is not disabled, else 401. */
    async authenticate(token: string): Promise<OperatorContext> {
      const claims = await tokens.verify(token);
      const live = await repo.liveSession(claims.sessionId, clock.now());
      if (!live || live.operator.id !== claims.operatorId) {
        throw new AppError(ResultCode.OPERATOR_SESSION_INVALID, 'Operator sign-in required');
      }
      return {
        operatorId: live.operator.id,
        sessionId: live.sessionId,
        role: operatorRole.parse(live.operator.role),
        email: live.operator.email,
      };
    },

    async profile(operatorId: string): Promise<OperatorProfile> {
      const row = await repo.byId(operatorId);
      if (!row)
        throw new AppError(ResultCode.OPERATOR_SESSION_INVALID, 'Operator sign-in required');
      return profileOf(row);
    },

    async signOut(sessionId: string) {
      await repo.revokeSession(sessionId, clock.now());
    },
  };
  return service;
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;
