import { useTranslation } from 'react-i18next';
import { EpisodeGrid, type EpisodeCell } from './episode-grid';
import { PlayerActions, type PlayerActionsProps } from './player-actions';
import styles from './info-panel.module.css';
import { RatingBadge } from '../../../shared/ui/rating-badge';

interface InfoPanelProps {
  title: string;
  description: string;
  ageRate: string;
  total: number;
  current: number;
  cells: readonly EpisodeCell[];
  onSelect: (epsd: number) => void;
  actions: Omit<PlayerActionsProps, 'classes'>;
}

/**
 * Desktop info panel (spec §2): title, description, bookmark and share, the "current/total"
 * counter and the episode grid.
 */
export function InfoPanel(props: InfoPanelProps) {
  const { t } = useTranslation();
  return (
    <aside className={styles.panel} data-testid="player-panel">
      <h1 className={styles.title} data-testid="player-title">
        <RatingBadge ageRate={props.ageRate} />
        <span>{props.title}</span>
      </h1>
      <div className={styles.meta}>
        {props.ageRate && (
          <span className={styles.age}>
            {/^\d+$/.test(props.ageRate)
              ? t('player.age_rating', { age: props.ageRate })
              : t('player.age_all')}
          </span>
        )}
        <span>{t('common.episodes', { count: props.total })}</span>
      </div>
      <p className={styles.description}>{props.description}</p>
      <PlayerActions
        {...props.actions}
        classes={{ root: styles.actions, action: styles.action, active: styles.active }}
      />
      <div className={styles.episodesHead}>
        <h2>{t('player.episode_list')}</h2>
        <span className={styles.counter} data-testid="player-counter">
          {t('player.current_total', { current: props.current, total: props.total })}
        </span>
      </div>
      <EpisodeGrid episodes={props.cells} current={props.current} onSelect={props.onSelect} />
    </aside>
  );
}
