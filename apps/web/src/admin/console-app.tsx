import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router';
import { lazyPage } from '../shared/routing/lazy-page';
import { consolePages } from './console-pages';
import { ConsoleHome, ConsoleNotFound, ConsoleShell, RoleGate } from './console-shell';
import { LinkPage } from './link-page';
import { SignInPage } from './sign-in-page';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
    mutations: { retry: false },
  },
});

const routes: RouteObject[] = [
  { path: '/admin/sign-in', element: <SignInPage /> },
  // an invite or reset link's page: its holder is not signed in
  { path: '/admin/link', element: <LinkPage /> },
  {
    path: '/admin',
    element: <ConsoleShell />,
    children: [
      { index: true, element: <ConsoleHome /> },
      ...consolePages.map((page) => {
        const { Page } = lazyPage(page.load);
        return {
          path: page.path,
          element: (
            <RoleGate roles={page.roles}>
              <Page />
            </RoleGate>
          ),
        };
      }),
      { path: '*', element: <ConsoleNotFound /> },
    ],
  },
];

/** A page's code loads on demand; a navigation keeps the page it leaves meanwhile. */
function ConsoleRoutes() {
  return <Suspense fallback={null}>{useRoutes(routes)}</Suspense>;
}

export function ConsoleApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ConsoleRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
