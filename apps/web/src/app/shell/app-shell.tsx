import { useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { useIsMobile } from '../../shared/hooks/use-is-mobile';
import type { RouteHandle } from '../router';
import { Footer } from './footer';
import { LandscapeBlocker } from './landscape-blocker';
import { LayerHost } from './layer-host';
import { LeftMenu } from './left-menu';
import { MobileHeader } from './mobile-header';
import { ScrollTopButton } from './scroll-top-button';
import { TopBar } from './top-bar';
import { useBackAction } from './use-back-action';
import { useContextMenuBlock } from './use-page-guards';
import styles from './shell.module.css';

export function AppShell() {
  const isMobile = useIsMobile();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const { pathname } = useLocation();
  const isPlayer = useMatches().some(
    (m) => (m.handle as RouteHandle | undefined)?.layout === 'player',
  );

  useBackAction();
  useContextMenuBlock();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className={styles.shell} data-layout={isPlayer ? 'player' : 'page'}>
      {isMobile ? !isPlayer && <MobileHeader onOpenMenu={() => setMenuOpen(true)} /> : <TopBar />}
      <main className={styles.main}>
        <Outlet />
      </main>
      {!isMobile && !isPlayer && <Footer />}
      {isMobile && <LeftMenu open={menuOpen} onClose={closeMenu} />}
      {!isPlayer && <ScrollTopButton />}
      <LandscapeBlocker />
      <LayerHost />
    </div>
  );
}
