import { useEffect, useId, useRef, useState } from 'react';
import { useConsoleText } from '../../shared/console/console-i18n';
import { Banner, Button } from '../../shared/console/console-ui';
import { fetchPreview } from './api/ingest-api';
import { ingestScaleMessages } from './ingest-scale-messages';
import styles from './ingest.module.css';

/**
 * An episode's transcoded ladder played in the console (decision 1543): the signed master
 * playlist a viewer would get, through hls.js (its own chunk, loaded when a preview opens), or the
 * browser's own HLS where it has no Media Source Extensions. A modal dialog: focus stays inside,
 * Escape closes, focus returns to the button that opened it.
 */
export function PreviewButton(props: { dramaId: number; epsd: number }) {
  const t = useConsoleText(ingestScaleMessages);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="preview-open">
        {t('preview.open', { n: props.epsd })}
      </Button>
      {open && (
        <PreviewDialog dramaId={props.dramaId} epsd={props.epsd} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

function PreviewDialog(props: { dramaId: number; epsd: number; onClose: () => void }) {
  const t = useConsoleText(ingestScaleMessages);
  const dialog = useRef<HTMLDialogElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const titleId = useId();
  const [error, setError] = useState<string>();
  const { dramaId, epsd, onClose } = props;

  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element?.showModal();
    return () => {
      if (element?.open) element.close();
      opener?.focus();
    };
  }, []);

  useEffect(() => {
    let destroyed = false;
    let destroy: (() => void) | undefined;
    const element = video.current;
    if (!element) return undefined;
    void (async () => {
      try {
        const { url } = await fetchPreview(dramaId, epsd);
        if (destroyed) return;
        const native = element.canPlayType('application/vnd.apple.mpegurl') !== '';
        if (native && !('MediaSource' in window)) {
          element.src = url;
          return;
        }
        const { default: Hls } = await import('hls.js');
        if (destroyed) return;
        const hls = new Hls();
        destroy = () => hls.destroy();
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) setError(t('preview.failed'));
        });
        hls.loadSource(url);
        hls.attachMedia(element);
      } catch (e) {
        setError(e instanceof Error ? e.message : t('preview.failed'));
      }
    })();
    return () => {
      destroyed = true;
      destroy?.();
    };
  }, [dramaId, epsd, t]);

  return (
    <dialog
      ref={dialog}
      className={styles.previewDialog}
      aria-labelledby={titleId}
      data-testid="preview-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className={styles.previewHead}>
        <h2 id={titleId} className={styles.previewTitle}>
          {t('preview.title', { n: epsd })}
        </h2>
        <Button onClick={onClose} autoFocus>
          {t('preview.close')}
        </Button>
      </div>
      {error && <Banner kind="error">{error}</Banner>}
      <video
        ref={video}
        className={styles.previewVideo}
        controls
        playsInline
        muted
        autoPlay
        aria-label={t('preview.title', { n: epsd })}
        data-testid="preview-video"
        onError={() => setError(t('preview.failed'))}
      />
    </dialog>
  );
}
