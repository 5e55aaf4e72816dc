import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminInquiry, InboxData } from '@snapdrama/contract';
import { consoleApi } from '../../shared/console/console-api';
import { commonMessages } from '../../shared/console/console-common-messages';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { Banner, Button, ConsolePage, ui } from '../../shared/console/console-ui';
import { inquiriesMessages } from './inquiries-messages';
import styles from './inquiries-page.module.css';

const STATUSES = ['open', 'answered', 'closed', 'all'] as const;
type Tab = (typeof STATUSES)[number];

/** The inquiries inbox: new, answered, closed; answer or close each (the tab is in the address). */
export function InquiriesPage() {
  const t = useConsoleText(inquiriesMessages);
  const common = useConsoleText(commonMessages);
  const [params, setParams] = useSearchParams();
  const tab: Tab = STATUSES.find((s) => s === params.get('status')) ?? 'open';
  const inbox = useQuery({
    queryKey: ['console', 'inquiries', tab],
    queryFn: () =>
      consoleApi.get<InboxData>(`/inquiries?count=50${tab === 'all' ? '' : `&status=${tab}`}`),
  });
  const counts = inbox.data?.counts;
  // shown above the list: an answered or closed inquiry leaves the "new" tab at once
  const [notice, setNotice] = useState<string>();
  const label = (s: Tab) =>
    s === 'all' ? t('inq.tab_all') : t(`inq.tab_${s}`, { n: counts?.[s] ?? '…' });

  return (
    <ConsolePage title={t('inq.title')}>
      <div className={styles.tabs} role="tablist">
        {STATUSES.map((s) => (
          <button
            key={s}
            role="tab"
            aria-selected={tab === s}
            className={tab === s ? `${styles.tab} ${styles.active}` : styles.tab}
            onClick={() => {
              setNotice(undefined);
              setParams(s === 'open' ? {} : { status: s });
            }}
            data-testid={`inq-tab-${s}`}
          >
            {label(s)}
          </button>
        ))}
      </div>
      {notice && <Banner kind="success">{notice}</Banner>}
      {inbox.isError && <Banner kind="error">{inbox.error.message}</Banner>}
      {inbox.isPending && <p className={ui.muted}>{common('common.loading')}</p>}
      {inbox.isSuccess && inbox.data.items.length === 0 && (
        <p className={ui.muted}>{t('inq.empty')}</p>
      )}
      <div className={styles.list}>
        {inbox.data?.items.map((item) => (
          <InquiryCard key={item.id} item={item} onDone={setNotice} />
        ))}
      </div>
    </ConsolePage>
  );
}

function InquiryCard({ item, onDone }: { item: AdminInquiry; onDone: (message: string) => void }) {
  const t = useConsoleText(inquiriesMessages);
  const common = useConsoleText(commonMessages);
  const lang = useConsoleLanguage();
  const queryClient = useQueryClient();
  const [text, setText] = useState(item.answer ?? '');
  const when = (iso: string) =>
    new Date(iso).toLocaleString(lang, { dateStyle: 'short', timeStyle: 'short' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['console', 'inquiries'] });
  const answer = useMutation({
    mutationFn: () =>
      consoleApi.put<AdminInquiry>(`/inquiries/${item.id}/answer`, { answer: text }),
    onSuccess: async () => {
      onDone(t('inq.sent'));
      await refresh();
    },
  });
  const close = useMutation({
    mutationFn: () => consoleApi.put<AdminInquiry>(`/inquiries/${item.id}/close`),
    onSuccess: async () => {
      onDone(t('inq.closed'));
      await refresh();
    },
  });
  const error = answer.error ?? close.error;

  return (
    <article className={styles.card} data-testid="inquiry-card" data-status={item.status}>
      <p className={styles.meta}>
        <Link to={`/admin/viewers/${item.userId}`}>
          {t('inq.from', {
            id: item.userId.slice(0, 8),
            lang: item.lang,
            at: when(item.createdAt),
          })}
        </Link>
      </p>
      <p className={styles.text} translate="no">
        {item.contents}
      </p>
      {item.status !== 'closed' ? (
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            answer.mutate();
          }}
        >
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
        <p className={ui.muted}>{t('inq.answered_by', { at: when(item.answeredAt) })}</p>
      )}
      {error && <Banner kind="error">{error.message}</Banner>}
    </article>
  );
}
