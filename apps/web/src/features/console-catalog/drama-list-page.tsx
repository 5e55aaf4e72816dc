import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { commonMessages } from '../../shared/console/console-common-messages';
import { Banner, ConsolePage, ui } from '../../shared/console/console-ui';
import { dramasQuery } from './catalog-api';
import { catalogMessages } from './catalog-messages';
import styles from './catalog.module.css';

/** Every drama, published or not, newest first. */
export function DramaListPage() {
  const t = useConsoleText(catalogMessages);
  const common = useConsoleText(commonMessages);
  const lang = useConsoleLanguage();
  const dramas = useQuery(dramasQuery);
  const list = dramas.data?.dramas ?? [];
  const status = (published: boolean) => (
    <span className={`${styles.badge} ${published ? styles.on : styles.off}`}>
      {published ? t('catalog.published') : t('catalog.draft')}
    </span>
  );
  return (
    <ConsolePage
      title={t('catalog.title')}
      actions={
        <>
          <Link className={ui.button} to="/admin/catalog/categories">
            {t('catalog.categories_link')}
          </Link>
          <Link
            className={`${ui.button} ${ui.primary}`}
            to="/admin/catalog/new"
            data-testid="catalog-new"
          >
            {t('catalog.new')}
          </Link>
        </>
      }
    >
      {dramas.isError && <Banner kind="error">{dramas.error.message}</Banner>}
      {dramas.isPending && <p className={ui.muted}>{common('common.loading')}</p>}
      {dramas.isSuccess && list.length === 0 && <p className={ui.muted}>{t('catalog.empty')}</p>}
      {list.length > 0 && (
        <>
          <div className={`${ui.tableWrap} ${styles.tableOnly}`}>
            <table className={ui.table}>
              <thead>
                <tr>
                  <th>{t('catalog.col_title')}</th>
                  <th>{t('catalog.col_status')}</th>
                  <th>{t('catalog.col_episodes')}</th>
                  <th>{t('catalog.col_released')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((d) => (
                  <tr key={d.id} data-testid="catalog-row">
                    <td>
                      <div className={styles.titleCell}>
                        {d.posterVertical ? (
                          <img className={styles.thumb} src={d.posterVertical} alt="" />
                        ) : (
                          <span className={styles.thumb} />
                        )}
                        <Link to={`/admin/catalog/${d.id}`}>{d.title[lang] || d.title.en}</Link>
                        {d.exclusive && (
                          <span className={`${styles.badge} ${styles.off}`}>
                            {t('catalog.exclusive')}
                          </span>
                        )}
                      </div>
                    </td>
                    <td>{status(d.published)}</td>
                    <td>
                      {d.episodeCount} ({d.videoCount})
                    </td>
                    <td>{new Date(d.registeredAt).toLocaleDateString(lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className={styles.cards}>
            {list.map((d) => (
              <Link key={d.id} className={styles.card} to={`/admin/catalog/${d.id}`}>
                {d.posterVertical ? (
                  <img className={styles.thumb} src={d.posterVertical} alt="" />
                ) : (
                  <span className={styles.thumb} />
                )}
                <div>
                  <strong>{d.title[lang] || d.title.en}</strong>
                  <span>{status(d.published)}</span>
                  <span className={ui.muted}>
                    {t('catalog.col_episodes')}: {d.episodeCount} ({d.videoCount})
                  </span>
                </div>
              </Link>
            ))}
          </div>
        </>
      )}
    </ConsolePage>
  );
}
