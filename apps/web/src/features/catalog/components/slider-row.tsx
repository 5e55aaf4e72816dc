import type { ReactNode } from 'react';
import type { Drama } from '@snapdrama/contract';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon } from '../../../shared/ui/icons';
import { scrollBehavior } from '../../../shared/hooks/use-reduced-motion';
import { useDragScroll } from '../hooks/use-drag-scroll';
import { DramaCard } from './drama-card';
import { Section } from './section';
import styles from './slider-row.module.css';

/**
 * A horizontal row of posters (spec §2): the title links to the full list, prev/next buttons
 * scroll by most of a screen, a mouse drag scrolls (a drag under 5 px still clicks).
 */
export function SliderRow(props: {
  title: string;
  to: string;
  dramas: Drama[];
  testId: string;
  /** other cards than drama cards (continue watching), each in a SliderItem */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const rowRef = useDragScroll<HTMLUListElement>();
  const scrollBy = (direction: 1 | -1) => {
    const row = rowRef.current;
    if (row) row.scrollBy({ left: direction * row.clientWidth * 0.8, behavior: scrollBehavior() });
  };
  const actions = (
    <>
      <button
        type="button"
        className={styles.arrow}
        onClick={() => scrollBy(-1)}
        aria-label={t('catalog.prev')}
        data-testid="row-prev"
      >
        <ChevronLeftIcon />
      </button>
      <button
        type="button"
        className={`${styles.arrow} ${styles.next}`}
        onClick={() => scrollBy(1)}
        aria-label={t('catalog.next')}
        data-testid="row-next"
      >
        <ChevronLeftIcon />
      </button>
    </>
  );
  return (
    <Section title={props.title} to={props.to} actions={actions} testId={props.testId}>
      <ul className={styles.row} ref={rowRef} data-testid="slider-row">
        {props.children ??
          props.dramas.map((drama) => (
            <li key={drama.dram_id} className={styles.item}>
              <DramaCard drama={drama} />
            </li>
          ))}
      </ul>
    </Section>
  );
}

/** The space a row will take, shown while its list loads (no layout shift when it arrives). */
export function SliderRowSkeleton({ title }: { title: string }) {
  return (
    <Section title={title}>
      <div className={styles.skeleton} aria-hidden="true" />
    </Section>
  );
}

/** One place of a slider row. */
export function SliderItem({ children }: { children: ReactNode }) {
  return <li className={styles.item}>{children}</li>;
}
