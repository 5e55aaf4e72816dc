// Every module's tables, for drizzle-kit and the typed client. A module queries only its own.
export * from '../modules/auth/auth.tables';
export * from '../modules/catalog/catalog.tables';
export * from '../modules/playback/playback.tables';
export * from '../modules/i18n/i18n.tables';
export * from '../modules/wallet/wallet.tables';
export * from '../modules/support/support.tables';
