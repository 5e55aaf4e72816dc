import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowUpIcon } from '../../shared/ui/icons';
import { scrollBehavior } from '../../shared/hooks/use-reduced-motion';
import styles from './shell.module.css';

/** Appears after scrolling more than 300 px (spec §2, §9). */
const SCROLL_TOP_THRESHOLD_PX = 300;

export function ScrollTopButton() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      className={styles.scrollTop}
      onClick={() => window.scrollTo({ top: 0, behavior: scrollBehavior() })}
      aria-label={t('common.scroll_top')}
      data-testid="scroll-top"
    >
      <ArrowUpIcon />
    </button>
  );
}
