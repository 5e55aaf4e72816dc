import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { consolePages } from './console-pages';
import { ConsoleHome, ConsoleNotFound, ConsoleShell, RoleGate } from './console-shell';
import { SignInPage } from './sign-in-page';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
    mutations: { retry: false },
  },
});

const router = createBrowserRouter([
  { path: '/admin/sign-in', Component: SignInPage },
  {
    path: '/admin',
    Component: ConsoleShell,
    children: [
      { index: true, Component: ConsoleHome },
      ...consolePages.map((page) => ({
        path: page.path,
        lazy: async () => {
          const Page = await page.load();
          return {
            Component: () => (
              <RoleGate roles={page.roles}>
                <Page />
              </RoleGate>
            ),
          };
        },
      })),
      { path: '*', Component: ConsoleNotFound },
    ],
  },
]);

export function ConsoleApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
