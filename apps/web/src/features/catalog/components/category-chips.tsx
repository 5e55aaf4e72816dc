import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { Category } from '@snapdrama/contract';
import { ALL_CATEGORIES_ID } from '@snapdrama/contract';
import { chipPadding } from '@snapdrama/rules';
import { useContentText } from '../../../shared/i18n/content-text';
import { useDragScroll } from '../hooks/use-drag-scroll';
import styles from './category-chips.module.css';

/** Category chips (spec §2): All first, padded with empty chips to a multiple of 6, drag-scrollable. */
export function CategoryChips(props: { categories: Category[]; selected: number }) {
  const { t } = useTranslation();
  const text = useContentText();
  const rowRef = useDragScroll<HTMLUListElement>();
  const chips = [
    { id: ALL_CATEGORIES_ID, label: t('catalog.all'), to: '/category' },
    ...props.categories.map((c) => ({
      id: c.ctgr_id,
      label: text(c.ctgr_lang_key),
      to: `/category/${c.ctgr_id}`,
    })),
  ];
  const padding = chipPadding(chips.length);
  return (
    <ul className={styles.chips} ref={rowRef} data-testid="category-chips">
      {chips.map((chip) => (
        <li key={chip.id}>
          <NavLink
            to={chip.to}
            end
            draggable={false}
            className={chip.id === props.selected ? `${styles.chip} ${styles.active}` : styles.chip}
            aria-current={chip.id === props.selected ? 'page' : undefined}
            data-testid="category-chip"
            data-category-id={chip.id}
          >
            {chip.label}
          </NavLink>
        </li>
      ))}
      {Array.from({ length: padding }, (_, i) => (
        <li key={`pad-${i}`} aria-hidden="true">
          <span
            className={`${styles.chip} ${styles.placeholder}`}
            data-testid="category-chip-pad"
          />
        </li>
      ))}
    </ul>
  );
}
