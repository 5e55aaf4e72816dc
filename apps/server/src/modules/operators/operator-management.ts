import {
  OPERATOR_LINK_PAGE,
  ResultCode,
  operatorPassword,
  type OperatorChangeBody,
  type OperatorInviteBody,
  type OperatorLink,
  type OperatorLinkAcceptData,
  type OperatorLinkData,
  type OperatorLinkInfoData,
  type OperatorLinkPurpose,
  type OperatorListItem,
  type OperatorSessionData,
} from '@snapdrama/contract';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { AuditService } from '../audit/audit.service';
import { hashSecret, newLinkToken } from './operator-secrets';
import type { OperatorsRepository } from './operators.repository';
import { auditView, listItemOf, parseOrThrow } from './operator-views';
import { hashPassword } from './passwords';
import type { OperatorRow } from './operators.tables';

/** How long a link works (decision 1530): an invite waits for a working week's weekend, a reset is asked for now. */
export const LINK_TTL_MS: Record<OperatorLinkPurpose, number> = {
  invite: 72 * 3600_000,
  reset: 24 * 3600_000,
};

const linkInvalid = () =>
  new AppError(ResultCode.OPERATOR_LINK_INVALID, 'This link is unknown, used, replaced or expired');
const disabled = () => new AppError(ResultCode.OPERATOR_DISABLED, 'This operator is disabled');
const notFound = (id: string) => new AppError(ResultCode.OPERATOR_NOT_FOUND, `No operator ${id}`);

/**
 * What admins do to other operators in the console (issue 41 item 1): invite, change the role,
 * disable and enable, hand out a reset link; and what the person with a link does with it.
 */
export function createOperatorManagement(deps: {
  db: Db;
  repo: OperatorsRepository;
  audit: AuditService;
  clock: Clock;
  startSession: (row: OperatorRow) => Promise<OperatorSessionData>;
}) {
  const { db, repo, audit, clock } = deps;

  /** A new link of the operator (their older open link ends); the token leaves only in it. */
  async function issueLink(
    tx: Tx,
    row: OperatorRow,
    purpose: OperatorLinkPurpose,
    actorId: string,
  ): Promise<OperatorLink> {
    const token = newLinkToken();
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + LINK_TTL_MS[purpose]);
    await repo.insertLink(tx, {
      operatorId: row.id,
      purpose,
      tokenHash: hashSecret(token),
      createdBy: actorId,
      createdAt: now,
      expiresAt,
    });
    return { purpose, path: `${OPERATOR_LINK_PAGE}#${token}`, expiresAt: expiresAt.toISOString() };
  }

  return {
    /** A new operator without a password, and the invite link that sets it. */
    async invite(input: OperatorInviteBody, actorId: string): Promise<OperatorLinkData> {
      const email = input.email;
      const displayName = (input.displayName ?? email.split('@')[0] ?? email).trim().slice(0, 60);
      return db.transaction(async (tx) => {
        const row = await repo.insert(tx, {
          email,
          displayName,
          role: input.role,
          passwordHash: null,
          totpSecret: null,
          createdAt: clock.now(),
        });
        if (!row)
          throw new AppError(ResultCode.OPERATOR_EMAIL_TAKEN, `Operator ${email} exists already`);
        await audit.record(tx, {
          operatorId: actorId,
          action: 'operator.invite',
          targetType: 'operator',
          targetId: row.id,
          before: null,
          after: auditView(row),
        });
        return { operator: listItemOf(row), link: await issueLink(tx, row, 'invite', actorId) };
      });
    },

    /**
     * Another operator's role, or disabled (their sessions end at once) or enabled. An admin
     * cannot do either to themselves, so the console always keeps an admin. A change that
     * changes nothing records nothing.
     */
    async changeOperator(
      operatorId: string,
      change: OperatorChangeBody,
      actorId: string,
    ): Promise<OperatorListItem> {
      if (operatorId === actorId) {
        throw new AppError(ResultCode.OPERATOR_SELF_CHANGE, 'Admins do not change themselves');
      }
      return db.transaction(async (tx) => {
        const current = await repo.lockById(tx, operatorId);
        if (!current) throw notFound(operatorId);
        const now = clock.now();
        const values: Parameters<OperatorsRepository['update']>[2] = {};
        if (change.role !== undefined && change.role !== current.role) values.role = change.role;
        if (change.disabled !== undefined && change.disabled !== (current.disabledAt !== null)) {
          values.disabledAt = change.disabled ? now : null;
        }
        if (Object.keys(values).length === 0) return listItemOf(current);
        const row = await repo.update(tx, operatorId, values);
        if (!row) throw notFound(operatorId);
        // the guard reads the role on every request; a disabled operator's sessions end now
        if (row.disabledAt) await repo.revokeSessionsOf(tx, row.id, now);
        const action =
          values.role !== undefined && values.disabledAt !== undefined
            ? 'operator.update'
            : values.role !== undefined
              ? 'operator.set_role'
              : row.disabledAt
                ? 'operator.disable'
                : 'operator.enable';
        await audit.record(tx, {
          operatorId: actorId,
          action,
          targetType: 'operator',
          targetId: row.id,
          before: auditView(current),
          after: auditView(row),
        });
        return listItemOf(row);
      });
    },

    /**
     * A new one-time link for an operator: an invite again while they have no password, else a
     * reset. Their password keeps working until the link is used (a reset asked by mistake
     * locks no one out); to lock someone out, disable them.
     */
    async issueOperatorLink(operatorId: string, actorId: string): Promise<OperatorLinkData> {
      return db.transaction(async (tx) => {
        const row = await repo.lockById(tx, operatorId);
        if (!row) throw notFound(operatorId);
        if (row.disabledAt) throw disabled();
        const purpose: OperatorLinkPurpose = row.passwordHash === null ? 'invite' : 'reset';
        const link = await issueLink(tx, row, purpose, actorId);
        await audit.record(tx, {
          operatorId: actorId,
          action: purpose === 'invite' ? 'operator.invite_link' : 'operator.reset_link',
          targetType: 'operator',
          targetId: row.id,
          before: null,
          after: { expiresAt: link.expiresAt },
        });
        return { operator: listItemOf(row), link };
      });
    },

    /** Whom an open link is for (the page greets them); a used or expired one is 410. */
    async linkInfo(token: string): Promise<OperatorLinkInfoData> {
      const found = await repo.openLink(hashSecret(token), clock.now());
      if (!found) throw linkInvalid();
      if (found.operator.disabledAt) throw disabled();
      return {
        purpose: found.link.purpose === 'reset' ? 'reset' : 'invite',
        email: found.operator.email,
        displayName: found.operator.displayName,
        expiresAt: found.link.expiresAt.toISOString(),
      };
    },

    /**
     * Sets the password of an open link's operator and ends the link (once: a second use, even
     * at the same moment, is 410). Their other sessions end. They are signed in, unless TOTP is
     * on: then they sign in with their code as always.
     */
    async acceptLink(token: string, password: string): Promise<OperatorLinkAcceptData> {
      const passwordHash = await hashPassword(parseOrThrow(operatorPassword, password, 'password'));
      const row = await db.transaction(async (tx) => {
        const now = clock.now();
        const found = await repo.openLink(hashSecret(token), now, tx);
        if (!found) throw linkInvalid();
        if (found.operator.disabledAt) throw disabled();
        if (!(await repo.endLink(tx, found.link.id, now))) throw linkInvalid();
        const updated = await repo.update(tx, found.operator.id, { passwordHash });
        if (!updated) throw linkInvalid();
        await repo.revokeSessionsOf(tx, updated.id, now);
        await audit.record(tx, {
          operatorId: updated.id,
          action:
            found.link.purpose === 'invite' ? 'operator.accept_invite' : 'operator.reset_password',
          targetType: 'operator',
          targetId: updated.id,
          // the password is never recorded: the action says what happened
        });
        return updated;
      });
      return { session: row.totpSecret ? null : await deps.startSession(row) };
    },
  };
}
