import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { commonMessages } from '../../shared/console/console-common-messages';
import { Banner, Card, ConsolePage, Field, ui } from '../../shared/console/console-ui';
import { useDramaSearch, useDramaTitle, useIngestDrama } from './api/ingest-api';
import { BulkUpload } from './bulk-upload';
import { EpisodeVideoPanel } from './episode-video-panel';
import { ingestMessages } from './ingest-messages';
import { ingestScaleMessages } from './ingest-scale-messages';
import styles from './ingest.module.css';

const dramaIdOf = (value: string | undefined) =>
  value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;

/**
 * /admin/videos[/:dramaId]: each episode's video of a drama, picked from the catalog by title
 * (never by a number the list does not show), with a bulk upload of many episodes.
 */
export function IngestPage() {
  const t = useConsoleText(ingestMessages);
  const s = useConsoleText(ingestScaleMessages);
  const common = useConsoleText(commonMessages);
  const lang = useConsoleLanguage();
  const params = useParams();
  const dramaId = dramaIdOf(params.dramaId);
  const drama = useIngestDrama(dramaId);
  const title = useDramaTitle(dramaId);
  const name = title.data ? title.data[lang] || title.data.en : '';

  return (
    <ConsolePage title={dramaId && name ? s('pick.current', { title: name }) : t('ingest.title')}>
      <p className={ui.muted} style={{ margin: 0 }}>
        {t('ingest.intro')}
      </p>
      {dramaId === null ? (
        <DramaPicker />
      ) : (
        <p style={{ margin: 0 }}>
          <Link to="/admin/videos" data-testid="ingest-change-drama">
            {s('pick.change')}
          </Link>
        </p>
      )}
      {(drama.isError || title.isError) && (
        <Banner kind="error">{(drama.error ?? title.error)?.message}</Banner>
      )}
      {dramaId !== null && drama.isPending && (
        <p className={ui.muted}>{common('common.loading')}</p>
      )}
      {drama.data && drama.data.episodes.length === 0 && (
        <p className={ui.muted}>{t('ingest.no_episodes')}</p>
      )}
      {drama.data && drama.data.episodes.length > 0 && (
        <BulkUpload
          dramaId={drama.data.dramaId}
          episodes={drama.data.episodes.map((e) => e.epsd)}
        />
      )}
      {drama.data && (
        <div className={styles.list}>
          {drama.data.episodes.map((e) => (
            <EpisodeVideoPanel
              key={e.epsd}
              dramaId={drama.data.dramaId}
              epsd={e.epsd}
              job={e.job}
            />
          ))}
        </div>
      )}
    </ConsolePage>
  );
}

/** Dramas by title (any language), newest first; a click opens their videos. */
function DramaPicker() {
  const s = useConsoleText(ingestScaleMessages);
  const common = useConsoleText(commonMessages);
  const lang = useConsoleLanguage();
  const [q, setQ] = useState('');
  const found = useDramaSearch(q.trim());
  const list = found.data?.dramas ?? [];
  return (
    <Card title={s('pick.results')}>
      <div style={{ display: 'grid', gap: 12 }}>
        <Field label={s('pick.search')}>
          <input
            className={ui.input}
            type="search"
            name="q"
            data-testid="ingest-drama-search"
            value={q}
            maxLength={100}
            onChange={(e) => setQ(e.target.value)}
          />
        </Field>
        {found.isError && <Banner kind="error">{found.error.message}</Banner>}
        {found.isPending && <p className={ui.muted}>{common('common.loading')}</p>}
        {found.data && list.length === 0 && <p className={ui.muted}>{s('pick.none')}</p>}
        <ul className={styles.results}>
          {list.map((d) => {
            const title = d.title[lang] || d.title.en;
            return (
              <li key={d.id}>
                <Link to={`/admin/videos/${d.id}`} data-testid="ingest-drama-option">
                  {title}{' '}
                  <span className={ui.muted}>
                    ({d.episodeCount} / {d.videoCount})
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </Card>
  );
}
