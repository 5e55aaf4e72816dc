export * from './episode-unlock';
