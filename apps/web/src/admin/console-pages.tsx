import type { ComponentType } from 'react';
import type { Language, OperatorRole } from '@snapdrama/contract';

/**
 * THE list of console pages: the router and the navigation are built from it. To add a page, add
 * one entry (keep one entry per line group, so parallel branches merge cleanly):
 *   path   under /admin ('catalog', 'catalog/:dramaId'); no leading slash
 *   label  the navigation label in en, ko and ja; omit it for pages reached by links only
 *   roles  who sees the page (the server checks every call anyway)
 *   load   a dynamic import of the page component (each page is its own chunk)
 * The first labelled entry a role may see is that role's home page.
 */
export interface ConsolePageEntry {
  path: string;
  label?: Record<Language, string>;
  roles: readonly OperatorRole[];
  load: () => Promise<ComponentType>;
}

export const consolePages: ConsolePageEntry[] = [
  // --- catalog (branch console) ---
  // --- ingest (branch ingest) ---
  // --- economy, viewers, support, dashboard (branch ops) ---
  // --- audit log (branch console) ---
  {
    path: 'audit',
    label: { en: 'Audit log', ko: '감사 로그', ja: '監査ログ' },
    roles: ['admin'],
    load: async () => (await import('../features/console-audit/audit-page')).AuditPage,
  },
];
