import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ASSET_VERSION, type BookmarkItem } from '@snapdrama/contract';
import { allChecked } from '@snapdrama/rules';
import { errorMessage } from '../../shared/api/api-error';
import { useIsMobile } from '../../shared/hooks/use-is-mobile';
import { useContentText } from '../../shared/i18n/content-text';
import { layerOpeners } from '../../shared/layers/layer-openers';
import { layers } from '../../shared/layers/layer-store';
import { isGuest, useUserInfo } from '../../shared/session/user-info';
import { Button } from '../../shared/ui/button';
import { BlockSpinner } from '../../shared/ui/spinner';
import { bookmarkListQuery, useDeleteBookmarks } from './api/bookmarks-api';
import styles from './bookmark-page.module.css';
import { RatingBadge } from '../../shared/ui/rating-badge';

const posterUrl = (path: string) => (path.includes('?') ? path : `${path}?v=${ASSET_VERSION}`);

/** /bookmark (spec §2, §4, §5). Guests are asked to log in (spec §6). */
export function BookmarkPage() {
  const { t } = useTranslation();
  const user = useUserInfo().data?.user;
  const guest = isGuest(user);
  return (
    <div className={styles.page} data-testid="bookmark-page">
      {guest ? (
        <div className={styles.empty} data-testid="bookmark-login">
          <p>{t('bookmark_page.empty')}</p>
          <Button onClick={() => layerOpeners.open('login')}>{t('menu.login')}</Button>
        </div>
      ) : (
        <BookmarkList />
      )}
    </div>
  );
}

function BookmarkList() {
  const { t } = useTranslation();
  const text = useContentText();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const list = useQuery(bookmarkListQuery);
  const remove = useDeleteBookmarks();
  // select mode is on by default on desktop (spec §2)
  const [selecting, setSelecting] = useState(!isMobile);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());

  useEffect(() => {
    if (list.isError) {
      layers.alert({
        title: t('error_popup.title'),
        message: errorMessage(list.error, t('contents.msg_info_fail')),
      });
    }
  }, [list.isError, list.error, t]);

  const items = list.data?.bookmarkList ?? [];
  const ids = items.map((b) => b.dram_id);
  const everyChecked = allChecked(checked, ids);

  const toggleMode = () => {
    // leaving select mode clears the checks (spec §4)
    setChecked(new Set());
    setSelecting((s) => !s);
  };
  const toggleItem = (id: number) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => setChecked(everyChecked ? new Set() : new Set(ids));

  const askRemove = () => {
    const chosen = ids.filter((id) => checked.has(id));
    if (chosen.length === 0) {
      layers.alert({ message: t('contents.msg_select_delete_drama') });
      return;
    }
    layers.alert({
      title: t('alert.tit_list_remove'),
      message: t('alert.msg_list_remove'),
      cancelLabel: t('common.cancel'),
      confirmLabel: t('common.confirm'),
      onConfirm: () =>
        remove.mutate(chosen, {
          onSuccess: () => setChecked(new Set()),
          onError: (error) =>
            layers.alert({
              title: t('error_popup.title'),
              message: errorMessage(error, t('contents.msg_bookmark_delete_fail')),
            }),
        }),
    });
  };

  const open = (item: BookmarkItem) =>
    void navigate(item.epsd > 0 ? `/${item.dram_id}/${item.epsd}` : `/${item.dram_id}`);

  return (
    <>
      <div className={styles.head}>
        <h1 className={styles.title}>{t('bookmark_page.title')}</h1>
        {items.length > 0 && (
          <button
            type="button"
            className={styles.modeButton}
            onClick={toggleMode}
            data-testid="bookmark-edit"
            aria-pressed={selecting}
          >
            {selecting ? t('bookmark_page.finish') : t('bookmark_page.edit')}
          </button>
        )}
      </div>
      {selecting && items.length > 0 && (
        <div className={styles.toolbar} data-testid="bookmark-toolbar">
          <label className={styles.selectAll}>
            <input
              type="checkbox"
              checked={everyChecked}
              onChange={toggleAll}
              data-testid="bookmark-select-all"
            />
            <span>{t('bookmark_page.select_all')}</span>
          </label>
          {/* looks disabled until one is checked (spec §2); a click then explains why (spec §5) */}
          <button
            type="button"
            className={styles.removeButton}
            aria-disabled={checked.size === 0}
            disabled={remove.isPending}
            onClick={askRemove}
            data-testid="bookmark-remove"
          >
            {t('bookmark_page.remove')}
          </button>
        </div>
      )}
      {list.isPending ? (
        <BlockSpinner />
      ) : items.length === 0 ? (
        <div className={styles.empty} data-testid="bookmark-empty">
          <p>{t('bookmark_page.empty')}</p>
          <Button onClick={() => void navigate('/')} data-testid="bookmark-go-watch">
            {t('bookmark_page.go_watch')}
          </Button>
        </div>
      ) : (
        <ul className={styles.grid}>
          {items.map((item) => {
            const title = text(item.titl_lang_key);
            const isChecked = checked.has(item.dram_id);
            return (
              <li key={item.dram_id}>
                <button
                  type="button"
                  className={styles.card}
                  onClick={() => (selecting ? toggleItem(item.dram_id) : open(item))}
                  aria-pressed={selecting ? isChecked : undefined}
                  data-testid="bookmark-item"
                  data-drama-id={item.dram_id}
                  data-checked={isChecked}
                >
                  <span className={styles.poster}>
                    <img
                      src={posterUrl(item.pstr_vrtc_path)}
                      alt=""
                      width={600}
                      height={900}
                      loading="lazy"
                      decoding="async"
                      draggable={false}
                    />
                    {/* top left: the checkbox of select mode takes the right */}
                    <RatingBadge ageRate={item.age_rate} onPoster corner="left" />
                    {selecting && (
                      <span
                        className={`${styles.check} ${isChecked ? styles.checked : ''}`}
                        aria-hidden="true"
                        data-testid="bookmark-check"
                      />
                    )}
                  </span>
                  <span className={styles.itemTitle}>{title}</span>
                  <span className={styles.meta} data-testid="bookmark-progress">
                    {t('bookmark_page.watched', { watched: item.epsd, total: item.epsd_cnt })}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
