import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './shared/styles/global.css';
import { App } from './app/app';
import { queryClient } from './app/providers';
import { startFirstRoute } from './app/page-routes';
import { restoreSavedToken } from './shared/api/api';
import { userInfoQuery } from './shared/session/user-info';
import { dictionaryQuery } from './shared/i18n/dictionary';
import { currentLanguage, i18nReady } from './shared/i18n/i18n';
import { checkHostVersion } from './shared/native/native';
import { startSimulatorIfSwitchedOn } from './shared/native/simulator/simulator-switch';
import { nextTask } from './shared/tasks/next-task';
import { rememberShareLanding } from './shared/share/share-landing';

/**
 * The longest the first render waits for the dictionary and the session (AppGate's spinner
 * shows after it); on a cold start both are usually there already (the boot script asked).
 */
const FIRST_RENDER_WAIT_MS = 1_000;

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// a landing through a shared episode link is kept for a later join (decision 1606)
rememberShareLanding(window.location.search);

// i18next resolves the language synchronously (no backend); waiting keeps that explicit. In the
// app wrapper (or its simulator, when switched on) the saved token is loaded first (spec §4).
const tokenRestored = startSimulatorIfSwitchedOn(window).then(restoreSavedToken);
// the session (or a new guest's join) goes out as soon as the token is known, not once the gate
// has rendered and subscribed (app-gate.tsx reads the same query)
const session = tokenRestored.then(() => queryClient.prefetchQuery(userInfoQuery));

/*
 * The start, in tasks of their own after the entry's evaluation (each 10 to 40 ms on a slow
 * phone, one long task together; decision 0500): the dictionary, the router, then the first
 * render, which React renders in slices (a transition) and which already has what the gate
 * waits for, so that it is one render and not a spinner's followed by the app's.
 */
void (async () => {
  await Promise.all([i18nReady, tokenRestored]);
  await nextTask();
  const dictionary = queryClient.prefetchQuery(dictionaryQuery(currentLanguage()));
  // versioning: which messages this app speaks (getAppVersion), after the token
  void checkHostVersion();
  document.documentElement.lang = currentLanguage();
  await nextTask();
  startFirstRoute();
  await Promise.race([
    Promise.all([dictionary, session]),
    new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
  ]);
  await nextTask();
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
})();
