import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { LanguagePicker } from '../../features/i18n/language-picker';
import { Logo } from '../../shared/ui/logo';
import { SearchBox } from './search-box';
import styles from './shell.module.css';

/** Desktop top bar (spec §2): logo, tabs, language picker, search. */
export function TopBar() {
  const { t } = useTranslation();
  const tabClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? `${styles.tab} ${styles.tabActive}` : styles.tab;
  return (
    <header className={styles.topBar} data-testid="top-bar">
      <div className={styles.topBarInner}>
        <Logo />
        <nav className={styles.tabs}>
          <NavLink to="/category" className={tabClass}>
            {t('menu.category')}
          </NavLink>
          <NavLink to="/bookmark" className={tabClass}>
            {t('menu.bookmark')}
          </NavLink>
          <NavLink to="/mission" className={tabClass}>
            {t('menu.mission')}
          </NavLink>
        </nav>
        <div className={styles.topBarEnd}>
          <LanguagePicker />
          <SearchBox />
        </div>
      </div>
    </header>
  );
}
