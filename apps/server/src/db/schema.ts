// Every module's tables, for drizzle-kit and the typed client. A module queries only its own.
export * from '../modules/auth/auth.tables';
export * from '../modules/catalog/catalog.tables';
export * from '../modules/playback/playback.tables';
export * from '../modules/i18n/i18n.tables';
export * from '../modules/wallet/wallet.tables';
export * from '../modules/support/support.tables';
export * from '../modules/events/events.tables';
export * from '../modules/payments/payments.tables';
export * from '../modules/bookmarks/bookmarks.tables';
export * from '../modules/progress/progress.tables';
export * from '../modules/search-stats/search-stats.tables';
export * from '../modules/ingest/ingest.tables';
export * from '../modules/operators/operators.tables';
export * from '../modules/audit/audit.tables';
export * from '../modules/vip/vip.tables';
export * from '../modules/economy/economy.tables';
export * from '../modules/identity/identity.tables';
