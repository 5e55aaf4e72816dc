import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../shared/styles/tokens.css';
import './console-global.css';
import { ConsoleApp } from './console-app';

// The operator console's entry (admin.html): a bundle of its own; viewers' pages never load it.
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from admin.html');
createRoot(container).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
);
