import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Drama } from '@snapdrama/contract';
import { isNewDrama } from '@snapdrama/rules';
import { useContentText } from '../../../shared/i18n/content-text';
import { RatingBadge } from '../../../shared/ui/rating-badge';
import { posterUrl } from './drama-card';
import styles from './drama-group.module.css';

/**
 * One shuffled group of the main page's all-dramas list (spec §2): poster, category tags linking
 * to /category/{id}, title, description and episode count.
 */
export function DramaGroup(props: {
  dramas: Drama[];
  categoryNames: Map<number, string>;
  now: Date;
}) {
  const { t } = useTranslation();
  const text = useContentText();
  return (
    <ul className={styles.group} data-testid="drama-group">
      {props.dramas.map((drama) => (
        <li key={drama.dram_id} className={styles.item} data-testid="drama-item">
          <Link to={`/${drama.dram_id}`} className={styles.poster} draggable={false}>
            <img
              src={posterUrl(drama.pstr_vrtc_path)}
              alt={text(drama.titl_lang_key)}
              width={600}
              height={900}
              loading="lazy"
              decoding="async"
              draggable={false}
            />
            {isNewDrama(drama.rgst_dtm, props.now) && (
              <span className={styles.badge}>{t('common.new')}</span>
            )}
            <RatingBadge ageRate={drama.age_rate} onPoster />
          </Link>
          <div className={styles.body}>
            <ul className={styles.tags}>
              {drama.ctgr_list.map((id) => (
                <li key={id}>
                  <Link to={`/category/${id}`} className={styles.tag} data-testid="category-tag">
                    {props.categoryNames.get(id) ?? ''}
                  </Link>
                </li>
              ))}
            </ul>
            <Link to={`/${drama.dram_id}`} className={styles.title}>
              {text(drama.titl_lang_key)}
            </Link>
            <p className={styles.description}>{text(drama.dscr_lang_key)}</p>
            <p className={styles.meta}>{t('common.episodes', { count: drama.epsd_cnt })}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
