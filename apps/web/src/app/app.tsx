import { Suspense, lazy } from 'react';
import { BrowserRouter } from 'react-router';
import { AppGate } from './app-gate';
import { Providers } from './providers';
import { AppRoutes } from './router';

/** Social sign-in return pages run alone in the popup: no shell, session or dictionary. */
const SocialCallbackPage = lazy(async () => ({
  default: (await import('../features/auth/callback-page')).SocialCallbackPage,
}));
const isSocialCallback = window.location.pathname.startsWith('/callback/');

export function App() {
  if (isSocialCallback) {
    return (
      <Suspense fallback={null}>
        <SocialCallbackPage />
      </Suspense>
    );
  }
  return (
    <Providers>
      <AppGate>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppGate>
    </Providers>
  );
}
