import { Suspense } from 'react';
import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '../shared/routing/route-error-boundary';
import { FullScreenSpinner } from '../shared/ui/spinner';
import { pageRoutes } from './page-routes';
import { RouteError } from './route-error';
import { AppShell } from './shell/app-shell';

/** A page that throws, or whose code fails to load, shows an error; the shell keeps working. */
function PageErrors() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname} fallback={<RouteError />}>
      <Outlet />
    </RouteErrorBoundary>
  );
}

const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    children: [{ element: <PageErrors />, children: pageRoutes }],
  },
];

/**
 * The viewers' routes. Until the first page's code is there the whole app waits behind the
 * spinner (the shell marks itself live only with its first page drawn); later navigations run in
 * a transition and keep the page they leave until the next one's code has loaded.
 */
export function AppRoutes() {
  return <Suspense fallback={<FullScreenSpinner />}>{useRoutes(routes)}</Suspense>;
}
