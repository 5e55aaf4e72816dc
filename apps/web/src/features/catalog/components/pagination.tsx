import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paginationWindow } from '@snapdrama/rules';
import styles from './pagination.module.css';

/** Page links in windows of 10 (spec §9) with previous/next; hrefFor builds each page's address. */
export function Pagination(props: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
}) {
  const { t } = useTranslation();
  const { page, totalPages, hrefFor } = props;
  if (totalPages <= 1) return null;
  const links = paginationWindow(page, totalPages);
  return (
    <nav
      className={styles.pagination}
      aria-label={t('catalog.pagination')}
      data-testid="pagination"
    >
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={styles.step} data-testid="pagination-prev">
          {t('catalog.prev')}
        </Link>
      ) : (
        <span className={`${styles.step} ${styles.disabled}`}>{t('catalog.prev')}</span>
      )}
      {links.map((p) => (
        <Link
          key={p}
          to={hrefFor(p)}
          className={p === page ? `${styles.page} ${styles.current}` : styles.page}
          aria-current={p === page ? 'page' : undefined}
          data-testid="pagination-page"
        >
          {p}
        </Link>
      ))}
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} className={styles.step} data-testid="pagination-next">
          {t('catalog.next')}
        </Link>
      ) : (
        <span className={`${styles.step} ${styles.disabled}`}>{t('catalog.next')}</span>
      )}
    </nav>
  );
}
