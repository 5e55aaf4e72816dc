import { useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { openLoginSheet } from '../../features/auth/login-sheet';
import { MissionEffects } from '../../features/mission/mission-effects';
import { useIsMobile } from '../../shared/hooks/use-is-mobile';
import { layerOpeners } from '../../shared/layers/layer-openers';
import { useLayerStore } from '../../shared/layers/layer-store';
import { removeFirstScreenUnlessBanner } from '../../shared/ui/first-screen';
import { useVideoSettings } from '../../shared/video/video-settings';
import { pageAt } from '../page-routes';
import { Footer } from './footer';
import { LandscapeBlocker } from './landscape-blocker';
import { LayerHost } from './layer-host';
import { LeftMenu } from './left-menu';
import { MobileHeader } from './mobile-header';
import { ScrollTopButton } from './scroll-top-button';
import { TopBar } from './top-bar';
import { useBackAction } from './use-back-action';
import { useContextMenuBlock } from './use-page-guards';
import { useDevtoolsTrap } from './use-devtools-trap';
import styles from './shell.module.css';

function openPaymentLayerLazily() {
  void import('../../features/payment/open-payment').then((m) => m.openPaymentLayer());
}

export function AppShell() {
  const isMobile = useIsMobile();
  // in the layer store, so the back action closes it like a sheet (spec §2)
  const openMenu = useLayerStore((s) => s.openMenu);
  const closeMenu = useLayerStore((s) => s.closeMenu);
  // the menu exists only in the mobile layout: widening the window closes it
  useEffect(() => {
    if (!isMobile) closeMenu();
  }, [isMobile, closeMenu]);
  const { pathname } = useLocation();
  // /abc matches the player's route but is a 404: it keeps the page layout (header, menu)
  const page = pageAt(pathname);
  const isPlayer = page.handle?.layout === 'player' && /^\d{1,9}$/.test(page.params.dramaId ?? '1');
  // the feed fills the viewport under the header: no footer, nothing to scroll back to
  const isFeed = page.handle?.layout === 'feed';

  const toolVisible = useVideoSettings((s) => s.toolVisible);
  useEffect(() => layerOpeners.register('login', openLoginSheet), []);
  // the payment layer's code (and its providers' SDKs) load only when a viewer opens it
  useEffect(() => layerOpeners.register('payment', openPaymentLayerLazily), []);

  // the app's own screen is here: the poster a player link's HTML painted goes, in this commit
  // (the main page's banner slide stays until the banner has drawn its own, main-page.tsx)
  useLayoutEffect(removeFirstScreenUnlessBanner, []);
  useBackAction();
  useContextMenuBlock();
  useDevtoolsTrap();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  // Last of the shell's effects, and a parent's run after its children's: once this is set the
  // shell and its first page are drawn and listening, which browser tests wait for (waitForApp).
  // Set on the element directly, so it costs no render of its own.
  const shellRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const shell = shellRef.current;
    shell?.setAttribute('data-shell', 'live');
    return () => shell?.removeAttribute('data-shell');
  }, []);

  return (
    <div ref={shellRef} className={styles.shell} data-layout={isPlayer ? 'player' : 'page'}>
      {isMobile ? (
        // On the player the header shows only with the video tool overlay (spec §2).
        (!isPlayer || toolVisible) && <MobileHeader onOpenMenu={openMenu} overlay={isPlayer} />
      ) : (
        <TopBar />
      )}
      <main className={styles.main}>
        <Outlet />
      </main>
      {!isMobile && !isPlayer && !isFeed && <Footer />}
      {isMobile && <LeftMenu />}
      {!isPlayer && !isFeed && <ScrollTopButton />}
      <LandscapeBlocker />
      <LayerHost />
      {/* Mission work in the background (auto-claim, time manager, reports). Not lazy: a
          lazy boundary re-ran its query subscription after a clock jump (a laptop waking) and
          fetched missions before the day turned. */}
      <MissionEffects />
    </div>
  );
}
