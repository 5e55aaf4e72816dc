import {
  RECOVERY_CODE_COUNT,
  ResultCode,
  type OperatorSecurityData,
  type RecoveryCodesData,
  type TotpSetupData,
} from '@snapdrama/contract';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { AuditService } from '../audit/audit.service';
import { hashSecret, newRecoveryCodes, normalizeRecoveryCode } from './operator-secrets';
import type { OperatorsRepository } from './operators.repository';
import { hashPassword, verifyPassword } from './passwords';
import { matchTotp, newTotpSecret, totpUri } from './totp';
import type { OperatorRow } from './operators.tables';

const totpState = (why: string) => new AppError(ResultCode.OPERATOR_TOTP_STATE, why);

/**
 * What every operator does to their own account (issue 41 item 1): change the password, turn
 * TOTP on with a QR code and recovery codes shown once, turn it off, make new recovery codes.
 * Asking for the current password again keeps a borrowed, signed-in browser from taking over.
 */
export function createOperatorSecurity(deps: {
  db: Db;
  repo: OperatorsRepository;
  audit: AuditService;
  clock: Clock;
}) {
  const { db, repo, audit, clock } = deps;

  async function own(operatorId: string, tx?: Tx): Promise<OperatorRow> {
    const row = tx ? await repo.lockById(tx, operatorId) : await repo.byId(operatorId);
    if (!row) throw new AppError(ResultCode.OPERATOR_SESSION_INVALID, 'Operator sign-in required');
    return row;
  }

  async function checkPassword(row: OperatorRow, password: string): Promise<void> {
    if (!row.passwordHash || !(await verifyPassword(password, row.passwordHash))) {
      throw new AppError(ResultCode.OPERATOR_PASSWORD_WRONG, 'The current password is wrong');
    }
  }

  /** New recovery codes in place of the old ones; only their hashes are kept. */
  async function replaceCodes(tx: Tx, operatorId: string): Promise<string[]> {
    const codes = newRecoveryCodes(RECOVERY_CODE_COUNT);
    await repo.replaceRecoveryCodes(
      tx,
      operatorId,
      codes.map((code) => hashSecret(normalizeRecoveryCode(code))),
    );
    return codes;
  }

  const record = (tx: Tx, operatorId: string, action: string, before?: unknown, after?: unknown) =>
    audit.record(tx, {
      operatorId,
      action,
      targetType: 'operator',
      targetId: operatorId,
      before,
      after,
    });

  return {
    /** The new password; the operator's other sessions end, this one stays. */
    async changeOwnPassword(
      caller: { operatorId: string; sessionId: string },
      body: { currentPassword: string; newPassword: string },
    ): Promise<void> {
      await checkPassword(await own(caller.operatorId), body.currentPassword);
      const passwordHash = await hashPassword(body.newPassword);
      await db.transaction(async (tx) => {
        await repo.update(tx, caller.operatorId, { passwordHash });
        await repo.revokeSessionsOf(tx, caller.operatorId, clock.now(), caller.sessionId);
        await record(tx, caller.operatorId, 'operator.change_password');
      });
    },

    async security(operatorId: string): Promise<OperatorSecurityData> {
      const row = await own(operatorId);
      return {
        totpEnabled: row.totpSecret !== null,
        recoveryCodesLeft: row.totpSecret ? await repo.recoveryCodesLeft(operatorId) : 0,
      };
    },

    /** A new secret to scan; TOTP goes on only when a code of it is confirmed. */
    async startTotpSetup(operatorId: string): Promise<TotpSetupData> {
      return db.transaction(async (tx) => {
        const row = await own(operatorId, tx);
        if (row.totpSecret) throw totpState('TOTP is on already');
        const secret = newTotpSecret();
        await repo.update(tx, operatorId, { totpPendingSecret: secret });
        return { secret, otpauthUri: totpUri(secret, row.email) };
      });
    },

    /** A code of the set-up's secret turns TOTP on; the recovery codes are answered once. */
    async confirmTotp(operatorId: string, code: string): Promise<RecoveryCodesData> {
      return db.transaction(async (tx) => {
        const row = await own(operatorId, tx);
        if (row.totpSecret || !row.totpPendingSecret) throw totpState('No TOTP set-up to confirm');
        const step = matchTotp(row.totpPendingSecret, code, clock.now());
        if (step === undefined) {
          throw new AppError(ResultCode.OPERATOR_TOTP_INVALID, 'Wrong TOTP code');
        }
        await repo.update(tx, operatorId, {
          totpSecret: row.totpPendingSecret,
          totpPendingSecret: null,
          // the code just used does not sign in again
          totpLastStep: step,
        });
        const recoveryCodes = await replaceCodes(tx, operatorId);
        await record(
          tx,
          operatorId,
          'operator.totp_on',
          { totpEnabled: false },
          { totpEnabled: true },
        );
        return { recoveryCodes };
      });
    },

    async turnOffTotp(operatorId: string, currentPassword: string): Promise<void> {
      await checkPassword(await own(operatorId), currentPassword);
      await db.transaction(async (tx) => {
        const row = await own(operatorId, tx);
        if (!row.totpSecret) throw totpState('TOTP is off already');
        await repo.update(tx, operatorId, {
          totpSecret: null,
          totpPendingSecret: null,
          totpLastStep: null,
        });
        await repo.replaceRecoveryCodes(tx, operatorId, []);
        await record(
          tx,
          operatorId,
          'operator.totp_off',
          { totpEnabled: true },
          { totpEnabled: false },
        );
      });
    },

    /** New recovery codes (the old ones stop working), answered once. */
    async renewRecoveryCodes(
      operatorId: string,
      currentPassword: string,
    ): Promise<RecoveryCodesData> {
      await checkPassword(await own(operatorId), currentPassword);
      return db.transaction(async (tx) => {
        const row = await own(operatorId, tx);
        if (!row.totpSecret) throw totpState('TOTP is off');
        const recoveryCodes = await replaceCodes(tx, operatorId);
        await record(tx, operatorId, 'operator.recovery_codes_renewed');
        return { recoveryCodes };
      });
    },
  };
}
