import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminInquiry, CannedReply, InboxData } from '@snapdrama/contract';
import { consoleApi } from '../../shared/console/console-api';
import { commonMessages } from '../../shared/console/console-common-messages';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { useOperator } from '../../shared/console/console-session';
import { Banner, Button, ConsolePage, ui } from '../../shared/console/console-ui';
import { useViewerName, waitingFor } from '../../shared/console/viewer-name';
import { CannedRepliesPanel, cannedRepliesQuery } from './canned-replies-panel';
import { inquiriesMessages } from './inquiries-messages';
import styles from './inquiries-page.module.css';

const STATUSES = ['open', 'answered', 'closed', 'all'] as const;
type Tab = (typeof STATUSES)[number];
const SORTS = ['waiting', 'newest'] as const;
type Sort = (typeof SORTS)[number];
const ASSIGNEES = ['all', 'mine', 'none'] as const;
type AssigneeFilter = (typeof ASSIGNEES)[number];

interface Assignee {
  id: string;
  email: string;
  role: string;
}
const assigneesQuery = {
  queryKey: ['console', 'inquiry-assignees'],
  queryFn: async () =>
    (await consoleApi.get<{ operators: Assignee[] }>('/inquiries/assignees')).operators,
  staleTime: 60_000,
};

/** The language's own name in the console's language ("Korean", "한국어"). */
function languageName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The inquiries inbox: new, answered, closed; the longest waiting first (or newest); by assignee.
 * Each inquiry names its viewer, can be given to an operator, and is answered from a saved reply
 * in its language or by hand. The filters are in the address.
 */
export function InquiriesPage() {
  const t = useConsoleText(inquiriesMessages);
  const common = useConsoleText(commonMessages);
  const me = useOperator().data;
  const [params, setParams] = useSearchParams();
  const tab: Tab = STATUSES.find((s) => s === params.get('status')) ?? 'open';
  const sort: Sort = SORTS.find((s) => s === params.get('sort')) ?? 'waiting';
  const assignee: AssigneeFilter = ASSIGNEES.find((a) => a === params.get('assignee')) ?? 'all';
  const [showCanned, setShowCanned] = useState(false);
  const assigneeParam =
    assignee === 'mine' && me
      ? `&assignee=${me.operatorId}`
      : assignee === 'none'
        ? '&assignee=none'
        : '';
  const inbox = useQuery({
    queryKey: ['console', 'inquiries', tab, sort, assigneeParam],
    queryFn: () =>
      consoleApi.get<InboxData>(
        `/inquiries?count=50&sort=${sort}${tab === 'all' ? '' : `&status=${tab}`}${assigneeParam}`,
      ),
  });
  const counts = inbox.data?.counts;
  // what the last action did, for the inquiry it did it to; any new filter or action replaces it
  const [notice, setNotice] = useState<string>();
  const label = (s: Tab) =>
    s === 'all' ? t('inq.tab_all') : t(`inq.tab_${s}`, { n: counts?.[s] ?? '…' });
  const setParam = (key: string, value: string, fallback: string) => {
    setNotice(undefined);
    const next = new URLSearchParams(params);
    if (value === fallback) next.delete(key);
    else next.set(key, value);
    setParams(next);
  };

  return (
    <ConsolePage
      title={showCanned ? t('canned.title') : t('inq.title')}
      actions={
        <Button onClick={() => setShowCanned((v) => !v)} data-testid="inq-toggle-canned">
          {showCanned ? t('inq.hide_canned') : t('inq.manage_canned')}
        </Button>
      }
    >
      {showCanned ? (
        <CannedRepliesPanel />
      ) : (
        <>
          <div className={styles.tabs} role="tablist">
            {STATUSES.map((s) => (
              <button
                key={s}
                role="tab"
                aria-selected={tab === s}
                className={tab === s ? `${styles.tab} ${styles.active}` : styles.tab}
                onClick={() => setParam('status', s, 'open')}
                data-testid={`inq-tab-${s}`}
              >
                {label(s)}
              </button>
            ))}
          </div>
          <div className={styles.filters}>
            <label className={ui.field}>
              <span className={ui.label}>{t('inq.sort')}</span>
              <select
                className={ui.input}
                value={sort}
                onChange={(e) => setParam('sort', e.target.value, 'waiting')}
                data-testid="inq-sort"
              >
                <option value="waiting">{t('inq.sort_waiting')}</option>
                <option value="newest">{t('inq.sort_newest')}</option>
              </select>
            </label>
            <label className={ui.field}>
              <span className={ui.label}>{t('inq.assignee_filter')}</span>
              <select
                className={ui.input}
                value={assignee}
                onChange={(e) => setParam('assignee', e.target.value, 'all')}
                data-testid="inq-assignee-filter"
              >
                <option value="all">{t('inq.filter_all')}</option>
                <option value="mine">{t('inq.filter_mine')}</option>
                <option value="none">{t('inq.filter_none')}</option>
              </select>
            </label>
          </div>
          {notice && <Banner kind="success">{notice}</Banner>}
          {inbox.isError && <Banner kind="error">{inbox.error.message}</Banner>}
          {inbox.isPending && <p className={ui.muted}>{common('common.loading')}</p>}
          {inbox.isSuccess && inbox.data.items.length === 0 && (
            <p className={ui.muted}>{t('inq.empty')}</p>
          )}
          <div className={styles.list}>
            {inbox.data?.items.map((item) => (
              <InquiryCard
                key={item.id}
                item={item}
                loadedAt={inbox.dataUpdatedAt}
                onDone={setNotice}
              />
            ))}
          </div>
        </>
      )}
    </ConsolePage>
  );
}

function InquiryCard({
  item,
  loadedAt,
  onDone,
}: {
  item: AdminInquiry;
  /** when the list was read: the waiting time is as of then */
  loadedAt: number;
  onDone: (message: string | undefined) => void;
}) {
  const t = useConsoleText(inquiriesMessages);
  const common = useConsoleText(commonMessages);
  const lang = useConsoleLanguage();
  const names = useViewerName();
  const queryClient = useQueryClient();
  const [text, setText] = useState(item.answer ?? '');
  const assignees = useQuery(assigneesQuery);
  const canned = useQuery(cannedRepliesQuery);
  const when = (iso: string) =>
    new Date(iso).toLocaleString(lang, { dateStyle: 'short', timeStyle: 'short' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['console', 'inquiries'] });
  const answer = useMutation({
    mutationFn: () =>
      consoleApi.put<AdminInquiry>(`/inquiries/${item.id}/answer`, { answer: text }),
    onMutate: () => onDone(undefined),
    onSuccess: async () => {
      onDone(t('inq.sent'));
      await refresh();
    },
  });
  const close = useMutation({
    mutationFn: () => consoleApi.put<AdminInquiry>(`/inquiries/${item.id}/close`),
    onMutate: () => onDone(undefined),
    onSuccess: async () => {
      onDone(t('inq.closed'));
      await refresh();
    },
  });
  const assign = useMutation({
    mutationFn: (operatorId: string | null) =>
      consoleApi.put<AdminInquiry>(`/inquiries/${item.id}/assignee`, { operatorId }),
    onMutate: () => onDone(undefined),
    onSuccess: async (after) => {
      // the server's answer says who has it now
      onDone(
        after.assignedTo
          ? t('inq.assigned', { who: after.assignedEmail ?? after.assignedTo })
          : t('inq.unassigned'),
      );
      await refresh();
    },
  });
  const error = answer.error ?? close.error ?? assign.error;
  const replies: CannedReply[] = (canned.data ?? []).filter((r) => r.lang === item.lang);
  const languageLabel = languageName(item.lang, lang);

  return (
    <article className={styles.card} data-testid="inquiry-card" data-status={item.status}>
      <p className={styles.meta}>
        <Link to={`/admin/viewers/${item.userId}`} data-testid="inquiry-viewer">
          {t('inq.from', {
            name: names.label(item.viewer),
            lang: languageLabel,
            at: when(item.createdAt),
          })}
        </Link>
        {item.status === 'open' && (
          <span className={styles.waiting} data-testid="inquiry-waiting">
            {t('inq.waiting', { time: waitingFor(item.createdAt, loadedAt, lang) })}
          </span>
        )}
      </p>
      <p className={styles.text} translate="no">
        {item.contents}
      </p>
      {item.status !== 'closed' && (
        <label className={`${ui.field} ${styles.assignee}`}>
          <span className={ui.label}>{t('inq.assignee')}</span>
          <select
            className={ui.input}
            value={item.assignedTo ?? ''}
            disabled={assign.isPending || !assignees.data}
            onChange={(e) => assign.mutate(e.target.value || null)}
            data-testid="inquiry-assignee"
          >
            <option value="">{t('inq.nobody')}</option>
            {item.assignedTo && !assignees.data?.some((o) => o.id === item.assignedTo) && (
              <option value={item.assignedTo}>{item.assignedEmail ?? item.assignedTo}</option>
            )}
            {assignees.data?.map((o) => (
              <option key={o.id} value={o.id}>
                {o.email}
              </option>
            ))}
          </select>
        </label>
      )}
      {item.status !== 'closed' ? (
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            answer.mutate();
          }}
        >
          <label className={ui.field}>
            <span className={ui.label}>{t('inq.canned', { lang: languageLabel })}</span>
            {replies.length === 0 ? (
              <span className={ui.muted}>{t('inq.canned_none')}</span>
            ) : (
              <select
                className={ui.input}
                value=""
                onChange={(e) => {
                  const picked = replies.find((r) => r.id === e.target.value);
                  if (picked) setText(picked.body);
                }}
                data-testid="inquiry-canned"
              >
                <option value="">{t('inq.canned_pick')}</option>
                {replies.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.title}
                  </option>
                ))}
              </select>
            )}
          </label>
          <label className={ui.field}>
            <span className={ui.label}>{t('inq.answer')}</span>
            <textarea
              className={ui.input}
              rows={4}
              maxLength={4000}
              value={text}
              placeholder={t('inq.answer_placeholder')}
              onChange={(e) => setText(e.target.value)}
              data-testid="inquiry-answer-text"
            />
          </label>
          <div className={styles.buttons}>
            <Button
              type="submit"
              variant="primary"
              disabled={text.trim() === '' || answer.isPending}
              data-testid="inquiry-answer-send"
            >
              {answer.isPending
                ? common('common.saving')
                : item.answer
                  ? t('inq.update')
                  : t('inq.send')}
            </Button>
            <Button
              onClick={() => close.mutate()}
              disabled={close.isPending}
              data-testid="inquiry-close"
            >
              {t('inq.close')}
            </Button>
          </div>
        </form>
      ) : (
        item.answer && (
          <div className={styles.answer}>
            <strong>{t('inq.answer')}</strong>
            <p className={styles.text} translate="no">
              {item.answer}
            </p>
          </div>
        )
      )}
      {item.answeredAt && (
        <p className={ui.muted}>
          {t('inq.answered_by', { at: when(item.answeredAt) })} ·{' '}
          <span data-testid="inquiry-read">
            {item.answerRead ? t('inq.read') : t('inq.unread')}
          </span>
        </p>
      )}
      {error && <Banner kind="error">{error.message}</Banner>}
    </article>
  );
}
