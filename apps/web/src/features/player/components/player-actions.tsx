import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format/number';
import { openShare } from '../../../shared/share/open-share';
import { BookmarkIcon, GridIcon } from '../../../shared/ui/icons';
import { useBookmarkToggle } from '../api/bookmark-toggle';
import { ShareIcon } from './player-icons';

export interface PlayerActionsProps {
  dramaId: number;
  epsd: number;
  title: string;
  bookmarked: boolean;
  bookmarkCount: number;
  isGuest: boolean;
  /** the mobile player's episode list button; none on the desktop panel, which shows the grid */
  onOpenEpisodes?: () => void;
  /** class names of the layout that holds them (desktop panel or mobile side column) */
  classes: { root: string | undefined; action: string | undefined; active: string | undefined };
}

/**
 * Bookmark (with its count) and share, on the desktop info panel and the mobile player (spec §2);
 * on the mobile player also the episode list.
 */
export function PlayerActions(props: PlayerActionsProps) {
  const { t } = useTranslation();
  const bookmark = useBookmarkToggle(props.dramaId, props.isGuest);
  return (
    <div className={props.classes.root}>
      {props.onOpenEpisodes && (
        <button
          type="button"
          className={props.classes.action}
          onClick={props.onOpenEpisodes}
          data-testid="player-episodes-button"
        >
          <GridIcon />
          <span>{t('player.episode_list')}</span>
        </button>
      )}
      <button
        type="button"
        className={`${props.classes.action ?? ''} ${props.bookmarked ? (props.classes.active ?? '') : ''}`}
        aria-pressed={props.bookmarked}
        onClick={() => bookmark.toggle(props.bookmarked)}
        data-testid="player-bookmark"
        data-bookmarked={props.bookmarked}
      >
        <BookmarkIcon />
        {/* named "bookmark 2": the count shown is part of the name (WCAG 2.5.3) */}
        <span className="visually-hidden">
          {props.bookmarked ? t('player.bookmarked') : t('player.bookmark')}{' '}
        </span>
        <span data-testid="player-bookmark-count">{formatNumber(props.bookmarkCount)}</span>
      </button>
      <button
        type="button"
        className={props.classes.action}
        onClick={() =>
          openShare({
            dramaId: props.dramaId,
            epsd: props.epsd,
            title: props.title,
            isGuest: props.isGuest,
          })
        }
        data-testid="player-share"
      >
        <ShareIcon />
        <span>{t('player.share')}</span>
      </button>
    </div>
  );
}
