import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useConsoleText } from '../../shared/console/console-i18n';
import { commonMessages } from '../../shared/console/console-common-messages';
import { Banner, Button, ConsolePage, Field, ui } from '../../shared/console/console-ui';
import { useIngestDrama } from './api/ingest-api';
import { EpisodeVideoPanel } from './episode-video-panel';
import { ingestMessages } from './ingest-messages';
import styles from './ingest.module.css';

const dramaIdOf = (value: string | undefined) =>
  value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;

/** /admin/videos[/:dramaId]: each episode's video of a drama; the drama is in the address. */
export function IngestPage() {
  const t = useConsoleText(ingestMessages);
  const common = useConsoleText(commonMessages);
  const params = useParams();
  const navigate = useNavigate();
  const dramaId = dramaIdOf(params.dramaId);
  const [draft, setDraft] = useState(params.dramaId ?? '');
  const drama = useIngestDrama(dramaId);

  const open = (event: FormEvent) => {
    event.preventDefault();
    const id = dramaIdOf(draft.trim());
    if (id !== null) void navigate(`/admin/videos/${id}`);
  };

  return (
    <ConsolePage title={t('ingest.title')}>
      <p className={ui.muted} style={{ margin: 0 }}>
        {t('ingest.intro')}
      </p>
      <form className={styles.picker} onSubmit={open}>
        <Field label={t('ingest.drama_id')}>
          <input
            className={ui.input}
            name="dramaId"
            inputMode="numeric"
            maxLength={10}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </Field>
        <Button type="submit" variant="primary" disabled={dramaIdOf(draft.trim()) === null}>
          {t('ingest.open')}
        </Button>
      </form>
      {drama.isError && <Banner kind="error">{drama.error.message}</Banner>}
      {dramaId !== null && drama.isPending && (
        <p className={ui.muted}>{common('common.loading')}</p>
      )}
      {drama.data && drama.data.episodes.length === 0 && (
        <p className={ui.muted}>{t('ingest.no_episodes')}</p>
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
