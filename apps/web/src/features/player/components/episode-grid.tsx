import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { episodeTabs, tabOfEpisode } from '@snapdrama/rules';
import { LockIcon } from '../../../shared/ui/icons';
import styles from './episode-grid.module.css';

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
  const tabs = episodeTabs(episodes.length);
  const [chosenTab, setChosenTab] = useState<number | null>(null);
  const tab = Math.min(
    chosenTab ?? tabOfEpisode(Math.max(current, 1)),
    Math.max(tabs.length - 1, 0),
  );
  const range = tabs[tab];
  const shown = range ? episodes.filter((e) => e.epsd >= range.from && e.epsd <= range.to) : [];

  return (
    <div className={styles.root}>
      {tabs.length > 1 && (
        <div className={styles.tabs} role="tablist">
          {tabs.map((item, i) => (
            <button
              key={item.label}
              type="button"
              role="tab"
              aria-selected={i === tab}
              className={styles.tab}
              onClick={() => setChosenTab(i)}
              data-testid="episode-tab"
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
      {/* a cell's name is its number as shown (WCAG 2.5.3), in a list named for what it holds */}
      <ul className={styles.grid} aria-label={t('player.episode_list')} data-testid="episode-grid">
        {shown.map((episode) => (
          <li key={episode.epsd}>
            <button
              type="button"
              className={styles.cell}
              data-current={episode.epsd === current}
              data-locked={episode.locked}
              data-testid="episode-cell"
              data-episode={episode.epsd}
              aria-current={episode.epsd === current ? 'true' : undefined}
              onClick={() => onSelect(episode.epsd)}
            >
              {episode.epsd}
              {episode.locked && (
                <>
                  <LockIcon className={styles.lock} />
                  <span className="visually-hidden"> ({t('player.locked')})</span>
                </>
              )}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
