import { StrictMode } from 'react';
import { validateWithoutEval } from '@snapdrama/contract';
import { createRoot } from 'react-dom/client';
import './shared/styles/global.css';
import { App } from './app/app';
import { queryClient } from './app/providers';
import { restoreSavedToken } from './shared/api/api';
import { userInfoQuery } from './shared/session/user-info';
import { dictionaryQuery } from './shared/i18n/dictionary';
import { currentLanguage, i18nReady } from './shared/i18n/i18n';
import { checkHostVersion } from './shared/native/native';
import { startSimulatorIfSwitchedOn } from './shared/native/simulator/simulator-switch';

// before any schema parses: the CSP allows no eval, and zod would probe for it
validateWithoutEval();

// the dictionary goes out now, while the rest of the app's code runs (the gate waits for it)
void i18nReady.then(() => queryClient.prefetchQuery(dictionaryQuery(currentLanguage())));

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// i18next resolves the language synchronously (no backend); waiting keeps that explicit. In the
// app wrapper (or its simulator, when switched on) the saved token is loaded first (spec §4).
const tokenRestored = startSimulatorIfSwitchedOn(window).then(restoreSavedToken);
// the session (or a new guest's join) goes out as soon as the token is known, not once the gate
// has rendered and subscribed (app-gate.tsx reads the same query)
void tokenRestored.then(() => queryClient.prefetchQuery(userInfoQuery));
void Promise.all([i18nReady, tokenRestored]).then(() => {
  // versioning: which messages this app speaks (getAppVersion), after the token
  void checkHostVersion();
  document.documentElement.lang = currentLanguage();
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
