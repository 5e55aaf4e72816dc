import { ResultCode, type AdminInquiry, type OperatorListItem } from '@snapdrama/contract';
import { AppError } from '../../errors';
import type { AuditService } from '../audit/audit.service';
import type { InquiryView, SupportService } from './support.service';

/** Who may be given inquiries: the roles that answer them. */
const ANSWERING_ROLES = new Set(['admin', 'support']);

export interface SupportNames {
  /** auth's: viewers by id as the console names them */
  viewerNames(
    ids: string[],
  ): Promise<Map<string, { nickname: string; authMethod: string; email: string | null }>>;
  /** operators': emails by id, and the list of operators */
  operatorEmails(ids: string[]): Promise<Map<string, string>>;
  operators(): Promise<OperatorListItem[]>;
}

/**
 * The console's side of support: the inbox with names instead of ids (the viewer's nickname,
 * sign-in method and email; the assignee's email), assignment to an operator who answers, and
 * every change audited in its transaction.
 */
export function createSupportConsole(deps: {
  support: SupportService;
  names: SupportNames;
  audit: Pick<AuditService, 'record'>;
}) {
  const { support, names, audit } = deps;

  async function withNames(items: InquiryView[]): Promise<AdminInquiry[]> {
    const assigned = items.flatMap((i) => (i.assignedTo ? [i.assignedTo] : []));
    const [viewers, emails] = await Promise.all([
      names.viewerNames(items.map((i) => i.userId)),
      assigned.length > 0 ? names.operatorEmails(assigned) : new Map<string, string>(),
    ]);
    return items.map((i) => ({
      ...i,
      viewer: viewers.get(i.userId) ?? { nickname: null, authMethod: 'guest', email: null },
      assignedEmail: i.assignedTo ? (emails.get(i.assignedTo) ?? null) : null,
    }));
  }
  const one = async (i: InquiryView) => (await withNames([i]))[0] as AdminInquiry;

  return {
    async inbox(filter: Parameters<SupportService['inbox']>[0]) {
      const page = await support.inbox(filter);
      return { ...page, items: await withNames(page.items) };
    },

    /** Operators who may be given inquiries (admins and support staff, not disabled). */
    async assignees() {
      return (await names.operators())
        .filter((o) => ANSWERING_ROLES.has(o.role) && o.status !== 'disabled')
        .map((o) => ({ id: o.operatorId, email: o.email, role: o.role }));
    },

    async assign(actorId: string, id: string, operatorId: string | null) {
      if (operatorId !== null) {
        const target = (await names.operators()).find((o) => o.operatorId === operatorId);
        if (!target || !ANSWERING_ROLES.has(target.role) || target.status === 'disabled')
          throw new AppError(ResultCode.OPERATOR_NOT_FOUND, 'No operator who answers inquiries');
      }
      const { after } = await support.assign(id, operatorId, async (tx, c) => {
        await audit.record(tx, {
          operatorId: actorId,
          action: 'inquiry.assign',
          targetType: 'inquiry',
          targetId: id,
          before: { assignedTo: c.before.assignedTo },
          after: { assignedTo: c.after.assignedTo },
        });
      });
      return one(after);
    },

    async answer(actorId: string, id: string, text: string) {
      const { after } = await support.answer(id, text, actorId, async (tx, c) => {
        await audit.record(tx, {
          operatorId: actorId,
          action: 'inquiry.answer',
          targetType: 'inquiry',
          targetId: c.after.id,
          before: { status: c.before.status, answer: c.before.answer },
          after: { status: c.after.status, answer: c.after.answer },
        });
      });
      return one(after);
    },

    async close(actorId: string, id: string) {
      const { after } = await support.close(id, async (tx, c) => {
        await audit.record(tx, {
          operatorId: actorId,
          action: 'inquiry.close',
          targetType: 'inquiry',
          targetId: c.after.id,
          before: { status: c.before.status },
          after: { status: c.after.status },
        });
      });
      return one(after);
    },

    cannedReplies: () => support.cannedReplies(),

    createCannedReply: (
      actorId: string,
      input: Parameters<SupportService['createCannedReply']>[0],
    ) =>
      support.createCannedReply(input, actorId, async (tx, c) => {
        await audit.record(tx, {
          operatorId: actorId,
          action: 'canned_reply.create',
          targetType: 'canned_reply',
          targetId: c.after?.id ?? '',
          after: c.after,
        });
      }),

    updateCannedReply: (
      actorId: string,
      id: string,
      input: Parameters<SupportService['updateCannedReply']>[1],
    ) =>
      support.updateCannedReply(id, input, actorId, async (tx, c) => {
        await audit.record(tx, {
          operatorId: actorId,
          action: 'canned_reply.update',
          targetType: 'canned_reply',
          targetId: id,
          before: c.before,
          after: c.after,
        });
      }),

    deleteCannedReply: (actorId: string, id: string) =>
      support.deleteCannedReply(id, async (tx, c) => {
        await audit.record(tx, {
          operatorId: actorId,
          action: 'canned_reply.delete',
          targetType: 'canned_reply',
          targetId: id,
          before: c.before,
        });
      }),
  };
}

export type SupportConsole = ReturnType<typeof createSupportConsole>;
