import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LockIcon } from '../../../shared/ui/icons';
import styles from './episode-grid.module.css';

/** Episodes per grid tab (spec §9). */
export const EPISODES_PER_TAB = 30;

export interface EpisodeCell {
  epsd: number;
  locked: boolean;
}

interface EpisodeGridProps {
  episodes: readonly EpisodeCell[];
  current: number;
  onSelect: (epsd: number) => void;
}

/** The episode grid, in tabs of 30 (1-30, 31-60, ...), locked cells marked (spec §2). */
export function EpisodeGrid({ episodes, current, onSelect }: EpisodeGridProps) {
  const { t } = useTranslation();
  const tabCount = Math.max(1, Math.ceil(episodes.length / EPISODES_PER_TAB));
  const currentTab = Math.max(0, Math.floor((current - 1) / EPISODES_PER_TAB));
  const [chosenTab, setChosenTab] = useState<number | null>(null);
  const tab = Math.min(chosenTab ?? currentTab, tabCount - 1);
  const shown = episodes.slice(tab * EPISODES_PER_TAB, (tab + 1) * EPISODES_PER_TAB);

  return (
    <div className={styles.root}>
      {tabCount > 1 && (
        <div className={styles.tabs} role="tablist">
          {Array.from({ length: tabCount }, (_, i) => {
            const from = i * EPISODES_PER_TAB + 1;
            const to = Math.min((i + 1) * EPISODES_PER_TAB, episodes.length);
            return (
              <button
                key={i}
                role="tab"
                aria-selected={i === tab}
                className={styles.tab}
                onClick={() => setChosenTab(i)}
                data-testid="episode-tab"
              >
                {from}-{to}
              </button>
            );
          })}
        </div>
      )}
      <ul className={styles.grid}>
        {shown.map((episode) => (
          <li key={episode.epsd}>
            <button
              className={styles.cell}
              data-current={episode.epsd === current}
              data-locked={episode.locked}
              data-testid="episode-cell"
              data-episode={episode.epsd}
              aria-current={episode.epsd === current ? 'true' : undefined}
              aria-label={
                episode.locked
                  ? `${t('common.episode_n', { n: episode.epsd })} (${t('player.locked')})`
                  : t('common.episode_n', { n: episode.epsd })
              }
              onClick={() => onSelect(episode.epsd)}
            >
              {episode.epsd}
              {episode.locked && <LockIcon className={styles.lock} />}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
