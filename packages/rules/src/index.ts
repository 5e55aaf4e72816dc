export * from './episode-unlock';
export * from './catalog';
export * from './wallet-ledger';
export * from './wallet-history';
export * from './nickname';
export * from './nickname-consent';
export * from './player';
