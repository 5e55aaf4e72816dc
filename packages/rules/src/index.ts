export * from './episode-unlock';
export * from './catalog';
export * from './wallet-ledger';
export * from './wallet-history';
