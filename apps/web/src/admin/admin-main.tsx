import { StrictMode } from 'react';
import { validateWithoutEval } from '@snapdrama/contract';
import { createRoot } from 'react-dom/client';
import '../shared/styles/base.css';
import './console-global.css';
import { ConsoleApp } from './console-app';

// The operator console's entry (admin.html): a bundle of its own; viewers' pages never load it.
// the console is served under the same CSP (no eval)
validateWithoutEval();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from admin.html');
createRoot(container).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
);
