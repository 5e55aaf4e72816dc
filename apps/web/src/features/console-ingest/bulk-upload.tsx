import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { episodeNumberFromFileName } from '@snapdrama/rules';
import { useConsoleText } from '../../shared/console/console-i18n';
import { Button, Card, ui } from '../../shared/console/console-ui';
import { ingestKeys, uploadEpisodeSource, type UploadHandle } from './api/ingest-api';
import { ingestScaleMessages } from './ingest-scale-messages';
import styles from './ingest.module.css';

/** Uploads running at once: enough to keep the line busy, few enough to finish some early. */
const AT_ONCE = 2;

type Phase =
  | { phase: 'ready' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'done' }
  | { phase: 'failed'; message: string };
interface Row {
  key: string;
  file: File;
  epsd: number | null;
  state: Phase;
}

/**
 * Many files at once (decision 1543): dropped or chosen, each matched to an episode by its name
 * (episodeNumberFromFileName), fixable by hand, then each uploaded with its own resumable tus
 * upload, AT_ONCE at a time; the server queues one transcode per finished upload.
 */
export function BulkUpload(props: { dramaId: number; episodes: number[] }) {
  const t = useConsoleText(ingestScaleMessages);
  const client = useQueryClient();
  const [rows, setRows] = useState<Row[]>([]);
  const [over, setOver] = useState(false);
  const [running, setRunning] = useState(false);
  const handles = useRef(new Map<string, UploadHandle>());
  const inputId = `bulk-files-${props.dramaId}`;
  const max = Math.max(0, ...props.episodes);

  useEffect(() => {
    const open = handles.current;
    return () => {
      for (const handle of open.values()) handle.abort();
    };
  }, []);

  const add = (files: FileList | File[]) => {
    const known = new Set(props.episodes);
    setRows((current) => [
      ...current,
      ...Array.from(files).map((file) => {
        const n = episodeNumberFromFileName(file.name, Math.max(max, 1));
        return {
          key: `${file.name}:${file.size}:${file.lastModified}:${Math.random()}`,
          file,
          epsd: n !== null && known.has(n) ? n : null,
          state: { phase: 'ready' as const },
        };
      }),
    ]);
  };
  const patch = (key: string, change: Partial<Row>) =>
    setRows((current) => current.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const counts = new Map<number, number>();
  for (const r of rows) if (r.epsd !== null) counts.set(r.epsd, (counts.get(r.epsd) ?? 0) + 1);
  const pending = rows.filter((r) => r.state.phase === 'ready' || r.state.phase === 'failed');
  const startable =
    pending.length > 0 &&
    pending.every((r) => r.epsd !== null && counts.get(r.epsd) === 1) &&
    !running;

  /** Runs the pending rows AT_ONCE at a time; each settles on its own. */
  const start = () => {
    const queue = pending.map((r) => r);
    setRunning(true);
    let active = 0;
    const next = () => {
      const row = queue.shift();
      if (!row) {
        if (active === 0) setRunning(false);
        return;
      }
      const epsd = row.epsd;
      if (epsd === null) return next();
      active += 1;
      patch(row.key, { state: { phase: 'uploading', percent: 0 } });
      const settle = (state: Phase) => {
        handles.current.delete(row.key);
        patch(row.key, { state });
        active -= 1;
        void client.invalidateQueries({ queryKey: ingestKeys.ofDrama(props.dramaId) });
        void client.invalidateQueries({ queryKey: ingestKeys.jobs });
        next();
      };
      handles.current.set(
        row.key,
        uploadEpisodeSource(
          row.file,
          { dramaId: props.dramaId, epsd },
          {
            onProgress: (sent, total) =>
              patch(row.key, {
                state: {
                  phase: 'uploading',
                  percent: total ? Math.floor((sent / total) * 100) : 0,
                },
              }),
            onResumed: () => undefined,
            onDone: () => settle({ phase: 'done' }),
            onError: (message) => settle({ phase: 'failed', message }),
          },
        ),
      );
    };
    for (let i = 0; i < AT_ONCE; i++) next();
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (event.dataTransfer.files.length > 0) add(event.dataTransfer.files);
  };
  const done = rows.filter((r) => r.state.phase === 'done').length;

  return (
    <Card title={t('bulk.title')}>
      <div
        className={`${styles.drop} ${over ? styles.dropActive : ''}`}
        data-testid="bulk-drop"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <p className={ui.muted} style={{ margin: 0 }}>
          {t('bulk.hint')}
        </p>
        <div>
          <label htmlFor={inputId} className={ui.button}>
            {t('bulk.choose')}
          </label>
          <input
            id={inputId}
            className="visually-hidden"
            type="file"
            accept="video/*"
            multiple
            data-testid="bulk-files"
            onChange={(e) => {
              if (e.target.files) add(e.target.files);
              e.target.value = '';
            }}
          />
        </div>
      </div>
      {rows.length > 0 && (
        <div style={{ display: 'grid', gap: 8, marginTop: 12 }}>
          <ul className={styles.bulkRows} aria-label={t('bulk.title')}>
            {rows.map((row) => (
              <li key={row.key} className={styles.bulkRow} data-testid="bulk-row">
                <span className={styles.bulkName} translate="no">
                  {row.file.name}
                </span>
                <select
                  className={ui.input}
                  aria-label={`${t('bulk.episode')}: ${row.file.name}`}
                  data-testid="bulk-episode"
                  value={row.epsd ?? ''}
                  disabled={row.state.phase === 'uploading' || row.state.phase === 'done'}
                  onChange={(e) =>
                    patch(row.key, { epsd: e.target.value ? Number(e.target.value) : null })
                  }
                >
                  <option value="">{t('bulk.unmatched')}</option>
                  {props.episodes.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
                <span data-testid="bulk-state" data-phase={row.state.phase} role="status">
                  {row.epsd !== null && (counts.get(row.epsd) ?? 0) > 1
                    ? t('bulk.duplicate', { n: row.epsd })
                    : row.state.phase === 'ready'
                      ? t('bulk.waiting')
                      : row.state.phase === 'uploading'
                        ? t('bulk.uploading', { percent: row.state.percent })
                        : row.state.phase === 'done'
                          ? t('bulk.done')
                          : t('bulk.failed', { message: row.state.message })}
                </span>
                {row.state.phase !== 'uploading' && row.state.phase !== 'done' ? (
                  <Button
                    aria-label={t('bulk.remove', { name: row.file.name })}
                    onClick={() => setRows((c) => c.filter((r) => r.key !== row.key))}
                  >
                    ×
                  </Button>
                ) : (
                  <span />
                )}
              </li>
            ))}
          </ul>
          <div className={styles.picker}>
            <Button
              variant="primary"
              disabled={!startable}
              onClick={start}
              data-testid="bulk-start"
            >
              {t('bulk.start', { count: pending.length })}
            </Button>
            {done > 0 && (
              <Button
                disabled={running}
                onClick={() => setRows((c) => c.filter((r) => r.state.phase !== 'done'))}
              >
                {t('bulk.clear')}
              </Button>
            )}
            <span className={ui.muted} data-testid="bulk-summary">
              {t('bulk.summary', { done, count: rows.length })}
            </span>
          </div>
        </div>
      )}
    </Card>
  );
}
