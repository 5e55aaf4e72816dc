import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { IngestJob } from '@snapdrama/contract';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { Banner, Button, ui } from '../../shared/console/console-ui';
import {
  ingestKeys,
  uploadEpisodeSource,
  useRetryTranscode,
  type UploadHandle,
} from './api/ingest-api';
import { ingestMessages } from './ingest-messages';
import { PreviewButton } from './preview-dialog';
import styles from './ingest.module.css';

const formatBytes = (bytes: number) => {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
};

const formatSeconds = (seconds: number) => {
  const s = Math.max(0, Math.round(seconds));
  const m = Math.floor(s / 60);
  return m > 0 ? `${m}:${String(s % 60).padStart(2, '0')}` : `${s} s`;
};

type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; sent: number; total: number; resumed: boolean }
  | { phase: 'done' }
  | { phase: 'failed'; message: string };

/**
 * One episode's video: its transcode state (progress with ETA, failure with reason and retry,
 * poster frame) and an upload of a new source. Also meant for the catalog's episode form.
 */
export function EpisodeVideoPanel(props: {
  dramaId: number;
  epsd: number;
  job: IngestJob | null;
  /** the episode plays already (a video from before any upload here, e.g. the demo's) */
  hasVideo?: boolean;
}) {
  const { dramaId, epsd, job } = props;
  const t = useConsoleText(ingestMessages);
  const lang = useConsoleLanguage();
  const client = useQueryClient();
  const retry = useRetryTranscode(dramaId);
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState<UploadState>({ phase: 'idle' });
  const handle = useRef<UploadHandle | null>(null);
  const inputId = `ingest-file-${dramaId}-${epsd}`;

  useEffect(() => () => handle.current?.abort(), []);

  const start = () => {
    if (!file) return;
    setUpload({ phase: 'uploading', sent: 0, total: file.size, resumed: false });
    handle.current = uploadEpisodeSource(
      file,
      { dramaId, epsd },
      {
        // progress reports are throttled: a late one must not undo the end of the upload
        onProgress: (sent, total) =>
          setUpload((u) => (u.phase === 'uploading' ? { ...u, sent, total } : u)),
        onResumed: () => setUpload((u) => (u.phase === 'uploading' ? { ...u, resumed: true } : u)),
        onDone: () => {
          handle.current = null;
          setUpload({ phase: 'done' });
          setFile(null);
          void client.invalidateQueries({ queryKey: ingestKeys.ofDrama(dramaId) });
        },
        onError: (message) => {
          handle.current = null;
          setUpload({ phase: 'failed', message });
        },
      },
    );
  };
  const cancel = () => {
    handle.current?.abort();
    handle.current = null;
    setUpload({ phase: 'idle' });
  };

  const busy = job?.state === 'queued' || job?.state === 'running';
  const waitingRetry = job?.state === 'queued' && job.attempts > 0;
  const time = (iso: string) => new Date(iso).toLocaleTimeString(lang);
  const stateText = !job
    ? t('ingest.state_none')
    : waitingRetry
      ? t('ingest.state_retry', {
          time: time(job.runAfter),
          attempt: job.attempts + 1,
          max: job.maxAttempts,
        })
      : t(`ingest.state_${job.state}`);

  return (
    <article className={styles.episode} data-testid={`ingest-episode-${epsd}`}>
      <div className={styles.poster}>
        {job?.posterPath ? (
          <img src={job.posterPath} alt={t('ingest.poster_alt', { n: epsd })} loading="lazy" />
        ) : (
          <span aria-hidden="true">{epsd}</span>
        )}
      </div>
      <div className={styles.body}>
        <div className={styles.head}>
          <strong>{t('ingest.episode', { n: epsd })}</strong>
          <span
            className={`${styles.badge} ${styles[job?.state ?? 'none']}`}
            data-testid="ingest-state"
          >
            {stateText}
          </span>
        </div>
        {job && (
          <p className={`${ui.muted} ${styles.source}`} translate="no">
            {t('ingest.source', {
              name: job.sourceName,
              size: formatBytes(job.sourceBytes),
              width: job.width,
              height: job.height,
              duration: formatSeconds(job.durationSeconds),
            })}
          </p>
        )}
        {job && (job.state === 'running' || job.state === 'done') && (
          <div className={styles.progressRow}>
            <progress
              className={styles.progress}
              max={100}
              value={job.percent}
              aria-label={t('ingest.progress_label', { n: epsd })}
            />
            <span className={styles.percent} data-testid="ingest-percent">
              {job.percent} %
            </span>
            {job.state === 'running' && (
              <span className={ui.muted}>
                {job.etaSeconds === null
                  ? t('ingest.eta_unknown')
                  : t('ingest.eta', { time: formatSeconds(job.etaSeconds) })}
              </span>
            )}
          </div>
        )}
        {job?.error && (job.state === 'failed' || waitingRetry) && (
          <p className={styles.reason} data-testid="ingest-reason">
            {t('ingest.reason', { reason: job.error })}
          </p>
        )}
        {retry.isError && <Banner kind="error">{retry.error.message}</Banner>}
        {(job?.state === 'done' || (props.hasVideo && !busy)) && (
          <div>
            <PreviewButton dramaId={dramaId} epsd={epsd} />
          </div>
        )}
        {job?.state === 'failed' && (
          <div>
            <Button onClick={() => retry.mutate(epsd)} disabled={retry.isPending}>
              {t('ingest.retry')}
            </Button>
          </div>
        )}
        {!busy && (
          <div className={styles.upload}>
            <label htmlFor={inputId} className={styles.fileLabel}>
              {job ? t('ingest.replace') : t('ingest.choose_file')}
            </label>
            <input
              id={inputId}
              className={styles.file}
              type="file"
              accept="video/*"
              disabled={upload.phase === 'uploading'}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setUpload({ phase: 'idle' });
              }}
            />
            {upload.phase === 'uploading' ? (
              <Button onClick={cancel}>{t('ingest.cancel')}</Button>
            ) : (
              <Button variant="primary" onClick={start} disabled={!file}>
                {t('ingest.upload')}
              </Button>
            )}
          </div>
        )}
        {upload.phase === 'uploading' && (
          <div className={styles.progressRow}>
            <progress className={styles.progress} max={upload.total || 1} value={upload.sent} />
            <span className={ui.muted} data-testid="upload-progress">
              {t('ingest.uploading', {
                percent: upload.total ? Math.floor((upload.sent / upload.total) * 100) : 0,
                sent: formatBytes(upload.sent),
                total: formatBytes(upload.total),
              })}
            </span>
          </div>
        )}
        {upload.phase === 'uploading' && upload.resumed && (
          <p className={ui.muted}>{t('ingest.upload_resumed')}</p>
        )}
        {upload.phase === 'done' && <Banner kind="success">{t('ingest.upload_done')}</Banner>}
        {upload.phase === 'failed' && (
          <Banner kind="error">{t('ingest.upload_failed', { message: upload.message })}</Banner>
        )}
      </div>
    </article>
  );
}
