import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { episodeSheetHeight } from '@snapdrama/rules';
import { useLayerStore } from '../../../shared/layers/layer-store';
import { useFocusTrap } from '../../../shared/hooks/use-focus-trap';
import { useEpisodeList } from '../player-store';
import { EpisodeGrid } from './episode-grid';
import styles from './sheets.module.css';

function EpisodeSheet() {
  const { t } = useTranslation();
  const { cells, current, select } = useEpisodeList();
  const root = useRef<HTMLDivElement>(null);
  useFocusTrap(root);
  return (
    <div ref={root} className={styles.sheet} data-testid="episode-sheet">
      <div className={styles.head}>
        <h2 className={styles.title}>{t('player.episode_list')}</h2>
        <span className={styles.counter}>
          {t('player.current_total', { current, total: cells.length })}
        </span>
      </div>
      <div className={styles.scroll}>
        <EpisodeGrid episodes={cells} current={current} onSelect={select} />
      </div>
    </div>
  );
}

/** The episode list bottom sheet of mobile (spec §2): 460 px (spec §9). */
export function openEpisodeSheet(isMobile: boolean) {
  useLayerStore.getState().openSheet({
    kind: 'episode',
    content: <EpisodeSheet />,
    height: episodeSheetHeight(isMobile),
  });
}
