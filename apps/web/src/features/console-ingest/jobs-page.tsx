import { useSearchParams } from 'react-router';
import { Link } from 'react-router';
import type { IngestJobListItem } from '@snapdrama/contract';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { commonMessages } from '../../shared/console/console-common-messages';
import { Banner, Button, ConsolePage, ui } from '../../shared/console/console-ui';
import { useIngestJobs, useRetryTranscode } from './api/ingest-api';
import { ingestMessages } from './ingest-messages';
import { ingestScaleMessages } from './ingest-scale-messages';
import styles from './ingest.module.css';

const STATES = ['all', 'queued', 'running', 'done', 'failed'] as const;
type StateFilter = (typeof STATES)[number];
const SIZE = 20;

/** /admin/jobs: every transcode job of every drama, by state, with failures and retry. */
export function JobsPage() {
  const t = useConsoleText(ingestMessages);
  const s = useConsoleText(ingestScaleMessages);
  const common = useConsoleText(commonMessages);
  const lang = useConsoleLanguage();
  const [params, setParams] = useSearchParams();
  const stateParam = params.get('state');
  const state: StateFilter = (STATES as readonly string[]).includes(stateParam ?? '')
    ? (stateParam as StateFilter)
    : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const jobs = useIngestJobs({ state, page, size: SIZE });
  const data = jobs.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / SIZE)) : 1;
  const go = (next: { state?: StateFilter; page?: number }) => {
    const search = new URLSearchParams();
    const st = next.state ?? state;
    if (st !== 'all') search.set('state', st);
    const p = next.page ?? 1;
    if (p > 1) search.set('page', String(p));
    setParams(search, { replace: true });
  };
  const stateName = (st: StateFilter) => (st === 'all' ? s('jobs.all') : t(`ingest.state_${st}`));
  const total = data
    ? data.counts.queued + data.counts.running + data.counts.done + data.counts.failed
    : 0;

  return (
    <ConsolePage title={s('jobs.title')}>
      <p className={ui.muted} style={{ margin: 0 }}>
        {s('jobs.intro')}
      </p>
      <div className={styles.jobsFilters} role="group" aria-label={s('jobs.state')}>
        {STATES.map((st) => (
          <Button
            key={st}
            variant={st === state ? 'primary' : undefined}
            aria-pressed={st === state}
            data-testid={`jobs-filter-${st}`}
            onClick={() => go({ state: st })}
          >
            {data
              ? s('jobs.count', {
                  state: stateName(st),
                  n: (st === 'all' ? total : data.counts[st]).toLocaleString(lang),
                })
              : stateName(st)}
          </Button>
        ))}
      </div>
      {jobs.isError && <Banner kind="error">{jobs.error.message}</Banner>}
      {jobs.isPending && <p className={ui.muted}>{common('common.loading')}</p>}
      {data && data.jobs.length === 0 && <p className={ui.muted}>{s('jobs.none')}</p>}
      {data && data.jobs.length > 0 && (
        <>
          <div className={`${ui.tableWrap} ${styles.jobsTable}`}>
            <table className={ui.table}>
              <thead>
                <tr>
                  <th>{s('jobs.col_drama')}</th>
                  <th>{s('jobs.col_episode')}</th>
                  <th>{s('jobs.col_state')}</th>
                  <th>{s('jobs.col_source')}</th>
                  <th>{s('jobs.col_created')}</th>
                </tr>
              </thead>
              <tbody>
                {data.jobs.map((job) => (
                  <tr key={job.id} data-testid="job-row" data-state={job.state}>
                    <JobCells job={job} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className={styles.jobCards}>
            {data.jobs.map((job) => (
              <article
                key={job.id}
                className={styles.episode}
                style={{ gridTemplateColumns: 'minmax(0, 1fr)' }}
                data-testid="job-card"
                data-state={job.state}
              >
                <div className={styles.body}>
                  <JobCells job={job} asCard />
                </div>
              </article>
            ))}
          </div>
          <nav className={styles.jobsFilters} aria-label={s('jobs.page', { page, pages })}>
            <Button disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
              {s('jobs.prev')}
            </Button>
            <span style={{ alignSelf: 'center' }}>{s('jobs.page', { page, pages })}</span>
            <Button disabled={page >= pages} onClick={() => go({ page: page + 1 })}>
              {s('jobs.next')}
            </Button>
          </nav>
        </>
      )}
    </ConsolePage>
  );
}

/** One job's drama, episode, state (progress, failure and retry), source and time. */
function JobCells(props: { job: IngestJobListItem; asCard?: boolean }) {
  const t = useConsoleText(ingestMessages);
  const s = useConsoleText(ingestScaleMessages);
  const lang = useConsoleLanguage();
  const { job } = props;
  const retry = useRetryTranscode(job.dramaId);
  const title = job.dramaTitle[lang] || job.dramaTitle.en || `#${job.dramaId}`;
  const cells = [
    <Link key="drama" to={`/admin/videos/${job.dramaId}`}>
      {title}
    </Link>,
    <span key="episode">{t('ingest.episode', { n: job.epsd })}</span>,
    <div key="state" style={{ display: 'grid', gap: 4, justifyItems: 'start' }}>
      <span className={`${styles.badge} ${styles[job.state]}`} data-testid="job-state">
        {t(`ingest.state_${job.state}`)}
        {job.state === 'running' ? ` · ${job.percent} %` : ''}
      </span>
      {job.state === 'running' && (
        <progress
          className={styles.progress}
          max={100}
          value={job.percent}
          aria-label={t('ingest.progress_label', { n: job.epsd })}
        />
      )}
      {job.error && (job.state === 'failed' || job.state === 'queued') && (
        <span className={styles.reason}>{t('ingest.reason', { reason: job.error })}</span>
      )}
      {job.state === 'failed' && !job.latest && <span className={ui.muted}>{s('jobs.older')}</span>}
      {job.state === 'failed' && job.latest && (
        <Button
          onClick={() => retry.mutate(job.epsd)}
          disabled={retry.isPending}
          data-testid="job-retry"
        >
          {t('ingest.retry')}
        </Button>
      )}
      {retry.isError && <Banner kind="error">{retry.error.message}</Banner>}
    </div>,
    <span key="source" className={styles.source} translate="no">
      {job.sourceName}
    </span>,
    <span key="created">
      {new Date(job.createdAt).toLocaleString(lang, { dateStyle: 'short', timeStyle: 'short' })}
    </span>,
  ];
  if (props.asCard) return <>{cells}</>;
  return (
    <>
      {cells.map((cell, i) => (
        <td key={i}>{cell}</td>
      ))}
    </>
  );
}
