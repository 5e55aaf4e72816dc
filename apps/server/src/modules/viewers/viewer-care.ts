import type { ViewerSuspension } from '@snapdrama/contract';
import type { Tx } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import type { SuspensionsService } from '../auth/suspensions.service';
import type { SupportService } from '../support/support.service';

/**
 * Looking after a viewer in the console (decisions 1560, 1561): suspend with a reason until a date
 * or until lifted, lift, and internal notes. Each change carries its audit entry in its
 * transaction; the suspension itself is auth's, the notes support's.
 */
export function createViewerCare(deps: {
  auth: Pick<AuthService, 'viewerForOperator'>;
  suspensions: Pick<SuspensionsService, 'suspend' | 'lift'>;
  notes: Pick<SupportService, 'notesOf' | 'addNote'>;
  audit: Pick<AuditService, 'record'>;
  operatorEmails: (ids: string[]) => Promise<Map<string, string>>;
}) {
  const { auth, suspensions, notes, audit } = deps;

  const audited =
    (operatorId: string, userId: string, action: string) =>
    async (tx: Tx, change: { before: ViewerSuspension | null; after: ViewerSuspension | null }) => {
      await audit.record(tx, {
        operatorId,
        action,
        targetType: 'user',
        targetId: userId,
        before: { suspension: change.before },
        after: { suspension: change.after },
      });
    };

  return {
    async suspend(
      operatorId: string,
      userId: string,
      body: { reason: string; until: string | null },
    ): Promise<ViewerSuspension> {
      return suspensions.suspend(
        {
          userId,
          operatorId,
          reason: body.reason,
          until: body.until === null ? null : new Date(body.until),
        },
        audited(operatorId, userId, 'viewer.suspend'),
      );
    },

    async lift(operatorId: string, userId: string): Promise<void> {
      await suspensions.lift(userId, operatorId, audited(operatorId, userId, 'viewer.unsuspend'));
    },

    /** A viewer's notes, newest first, with their authors' emails. */
    async notesOf(userId: string) {
      const list = await notes.notesOf(userId);
      const emails =
        list.length > 0
          ? await deps.operatorEmails(list.map((n) => n.operatorId))
          : new Map<string, string>();
      return list.map((n) => ({ ...n, operatorEmail: emails.get(n.operatorId) ?? null }));
    },

    async addNote(operatorId: string, userId: string, text: string) {
      await auth.viewerForOperator(userId);
      const note = await notes.addNote({ userId, text, operatorId }, async (tx, added) => {
        await audit.record(tx, {
          operatorId,
          action: 'viewer.note',
          targetType: 'user',
          targetId: userId,
          after: { noteId: added.id, text: added.text },
        });
      });
      const emails = await deps.operatorEmails([operatorId]);
      return { ...note, operatorEmail: emails.get(operatorId) ?? null };
    },
  };
}

export type ViewerCare = ReturnType<typeof createViewerCare>;
