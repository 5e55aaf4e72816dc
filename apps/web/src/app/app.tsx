import { RouterProvider } from 'react-router';
import { AppGate } from './app-gate';
import { Providers } from './providers';
import { router } from './router';

export function App() {
  return (
    <Providers>
      <AppGate>
        <RouterProvider router={router} />
      </AppGate>
    </Providers>
  );
}
