import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './shared/styles/global.css';
import { App } from './app/app';
import { currentLanguage, i18nReady } from './shared/i18n/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// i18next resolves the language synchronously (no backend); waiting keeps that explicit.
void i18nReady.then(() => {
  document.documentElement.lang = currentLanguage();
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
