import {
  ResultCode,
  operatorEmail,
  operatorPassword,
  operatorRole,
  type OperatorListItem,
  type OperatorProfile,
  type OperatorRole,
  type OperatorSessionData,
  type SignInFailure,
} from '@snapdrama/contract';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { AuditService } from '../audit/audit.service';
import type { OperatorTokens } from './operator-tokens';
import type { OperatorsRepository } from './operators.repository';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './passwords';
import { createOperatorManagement } from './operator-management';
import { hashSecret, normalizeRecoveryCode } from './operator-secrets';
import { createOperatorSecurity } from './operator-security';
import { matchTotp, newTotpSecret } from './totp';
import { auditView, listItemOf, parseOrThrow, profileOf } from './operator-views';
import type { OperatorRow } from './operators.tables';

export { profileOf } from './operator-views';

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

export function createOperatorsService(deps: {
  db: Db;
  repo: OperatorsRepository;
  tokens: OperatorTokens;
  audit: AuditService;
  clock: Clock;
}) {
  const { db, repo, tokens, audit, clock } = deps;

  /** A new console session of a signed-in operator, recorded in the audit log. */
  async function startSession(row: OperatorRow): Promise<OperatorSessionData> {
    const now = clock.now();
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
  }

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
          ...(actorId ? {} : { actor: 'cli' as const }),
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

    async list(): Promise<OperatorListItem[]> {
      return (await repo.list()).map(listItemOf);
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
        // recovery codes belong to one TOTP secret: a new secret or none makes them void
        if (change.totp !== undefined) await repo.replaceRecoveryCodes(tx, row.id, []);
        await audit.record(tx, {
          operatorId: actorId,
          ...(actorId ? {} : { actor: 'cli' as const }),
          action: change.password !== undefined ? 'operator.change_password' : 'operator.update',
          targetType: 'operator',
          targetId: row.id,
          before: auditView(current),
          after: auditView(row),
        });
        return { operator: profileOf(row), totpSecret };
      });
    },

    /**
     * Password, then TOTP (or a recovery code) when on. Every failure of the password step
     * answers the same; only the right password of a disabled operator is told it is disabled.
     */
    async signIn(input: { email: string; password: string; totp?: string; recoveryCode?: string }) {
      const row = await repo.byEmail(input.email);
      const passwordOk = await verifyPassword(
        input.password,
        row?.passwordHash ?? DUMMY_PASSWORD_HASH,
      );
      /** A refused attempt, recorded (decision 1570): nobody is signed in, the target is who it tried. */
      const failed = async (reason: SignInFailure, error: AppError) => {
        await audit.record(undefined, {
          operatorId: null,
          actor: 'anonymous',
          action: 'operator.sign_in_failed',
          ...(row
            ? { targetType: 'operator', targetId: row.id }
            : { targetType: 'operator_email', targetId: input.email }),
          after: { email: input.email, reason },
        });
        return error;
      };
      if (!row) throw await failed('unknown_email', signInFailed());
      if (!passwordOk) throw await failed('password', signInFailed());
      if (row.disabledAt) {
        throw await failed(
          'disabled',
          new AppError(ResultCode.OPERATOR_DISABLED, 'This operator is disabled'),
        );
      }
      const now = clock.now();
      if (row.totpSecret) {
        if (input.recoveryCode) {
          const codeHash = hashSecret(normalizeRecoveryCode(input.recoveryCode));
          if (!(await repo.useRecoveryCode(row.id, codeHash, now))) {
            throw await failed(
              'recovery_code',
              new AppError(ResultCode.OPERATOR_TOTP_INVALID, 'Wrong or already used recovery code'),
            );
          }
          await audit.record(undefined, {
            operatorId: row.id,
            action: 'operator.recovery_code_used',
            targetType: 'operator',
            targetId: row.id,
          });
        } else {
          // no code yet is the console's first step (it asks for the code next): not a failure
          if (!input.totp)
            throw new AppError(ResultCode.OPERATOR_TOTP_INVALID, 'TOTP code required');
          const step = matchTotp(row.totpSecret, input.totp, now);
          if (step === undefined || !(await repo.useTotpStep(row.id, step))) {
            throw await failed(
              'totp',
              new AppError(ResultCode.OPERATOR_TOTP_INVALID, 'Wrong or already used TOTP code'),
            );
          }
        }
      }
      return startSession(row);
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

    async signOut(caller: { operatorId: string; sessionId: string }) {
      await repo.revokeSession(caller.sessionId, clock.now());
      await audit.record(undefined, {
        operatorId: caller.operatorId,
        action: 'operator.sign_out',
        targetType: 'operator',
        targetId: caller.operatorId,
      });
    },
  };
  return {
    ...service,
    ...createOperatorManagement({ db, repo, audit, clock, startSession }),
    ...createOperatorSecurity({ db, repo, audit, clock }),
  };
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;
