import type { Language } from '@snapdrama/contract';
import type { AuditTarget, AuditTargetNames } from './audit.service';

/**
 * Names of the audit's targets, asked of the modules that own them through the readers the
 * composition root hands in (audit reads no other module's tables). A target that is gone, or of
 * a type without a name (orders, inquiries, settings), has none: the console shows its id.
 */
export function createAuditTargetNames(readers: {
  operatorEmails: (ids: string[]) => Promise<Map<string, string>>;
  /** a drama's title in a language (English when it has none), undefined when gone */
  dramaTitle: (dramaId: number, lang: Language) => Promise<string | undefined>;
  /** a viewer as operators see them: nickname, else e-mail; undefined when unknown */
  viewerName: (userId: string) => Promise<string | undefined>;
  /** a coin pack's name in a language ("100 coin pack"), undefined when unknown */
  packName: (godsCode: string, lang: Language) => Promise<string | undefined>;
}): AuditTargetNames {
  return async (targets: AuditTarget[], lang: Language) => {
    const names = new Map<string, string>();
    const ids = (type: string) => targets.filter((t) => t.type === type).map((t) => t.id);
    const settle = async (key: string, name: Promise<string | undefined>) => {
      const value = await name.catch(() => undefined);
      if (value) names.set(key, value);
    };
    const titles = new Map<number, Promise<string | undefined>>();
    const titleOf = (dramaId: number) => {
      let title = titles.get(dramaId);
      if (!title) {
        title = readers.dramaTitle(dramaId, lang).catch(() => undefined);
        titles.set(dramaId, title);
      }
      return title;
    };
    const operatorIds = ids('operator');
    await Promise.all([
      operatorIds.length > 0
        ? readers.operatorEmails(operatorIds).then((emails) => {
            for (const [id, email] of emails) names.set(`operator:${id}`, email);
          })
        : undefined,
      // a failed sign-in with an e-mail no operator has: the e-mail is its name
      ...ids('operator_email').map(async (email) => names.set(`operator_email:${email}`, email)),
      ...ids('drama').map((id) =>
        /^\d+$/.test(id) ? settle(`drama:${id}`, titleOf(Number(id))) : undefined,
      ),
      // episodes are `dramaId/number`: the drama's title and the number
      ...ids('episode').map((id) => {
        const match = /^(\d+)\/(\d+)$/.exec(id);
        if (!match) return undefined;
        return settle(
          `episode:${id}`,
          titleOf(Number(match[1])).then((title) => title && `${title} #${match[2]}`),
        );
      }),
      ...ids('user').map((id) => settle(`user:${id}`, readers.viewerName(id))),
      ...ids('goods').map((code) => settle(`goods:${code}`, readers.packName(code, lang))),
    ]);
    return names;
  };
}
