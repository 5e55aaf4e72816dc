import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey, MyInquiry } from '@snapdrama/contract';
import { errorMessage } from '../../shared/api/api-error';
import { Button } from '../../shared/ui/button';
import { useMarkAnswersRead } from '../../shared/support/unread-answers';
import { Spinner } from '../../shared/ui/spinner';
import { useMyInquiries } from './api/my-inquiries';
import { useOpenCustomerService } from './customer-service';
import styles from './my-inquiries-page.module.css';

const STATUS: Record<MyInquiry['stts'], MessageKey> = {
  open: 'my_inquiries.status_open',
  answered: 'my_inquiries.status_answered',
  closed: 'my_inquiries.status_closed',
};

const pad = (n: number) => String(n).padStart(2, '0');
function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** /support/inquiries: the viewer's inquiries and the operators' answers (from customer service). */
export function MyInquiriesPage() {
  const { t } = useTranslation();
  const inquiries = useMyInquiries();
  const openCustomerService = useOpenCustomerService();
  const { mutate: reportRead } = useMarkAnswersRead();
  // answers new on this visit keep their mark (this copy of the list says unread) while the
  // server hears at once that they were read: the badge in the menu and the profile clears
  const unreadKey = (inquiries.data?.qnaList ?? [])
    .filter((q) => q.unread_yn === 'Y')
    .map((q) => q.qnaId)
    .join(',');
  useEffect(() => {
    if (unreadKey) reportRead(unreadKey.split(','));
  }, [unreadKey, reportRead]);

  return (
    <section className={styles.page} data-testid="my-inquiries-page">
      <header className={styles.header}>
        <h1 className={styles.heading}>{t('my_inquiries.title')}</h1>
        <Button onClick={openCustomerService} data-testid="my-inquiries-new">
          {t('my_inquiries.new')}
        </Button>
      </header>
      {inquiries.isPending ? (
        <Spinner />
      ) : inquiries.isError ? (
        <p className={styles.empty} role="alert">
          {errorMessage(inquiries.error, t('my_inquiries.msg_fail'))}
        </p>
      ) : inquiries.data.qnaList.length === 0 ? (
        <p className={styles.empty}>{t('my_inquiries.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {inquiries.data.qnaList.map((q) => (
            <li key={q.qnaId} className={styles.item} data-testid="my-inquiry">
              <div className={styles.meta}>
                <span className={styles.status} data-status={q.stts}>
                  {t(STATUS[q.stts])}
                </span>
                {q.unread_yn === 'Y' && (
                  <span className={styles.newAnswer} data-testid="my-inquiry-new">
                    {t('my_inquiries.new_answer')}
                  </span>
                )}
                <time dateTime={q.rgst_dtm}>
                  {t('my_inquiries.sent_at', { date: formatDateTime(q.rgst_dtm) })}
                </time>
              </div>
              <p className={styles.text}>{q.cnts}</p>
              {q.answ && (
                <div className={styles.answer} data-testid="my-inquiry-answer">
                  <strong>{t('my_inquiries.answer')}</strong>
                  <p className={styles.text}>{q.answ}</p>
                  {q.answ_dtm && (
                    <time className={styles.answeredAt} dateTime={q.answ_dtm}>
                      {t('my_inquiries.answered_at', { date: formatDateTime(q.answ_dtm) })}
                    </time>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
