export * from './codes';
export * from './envelope';
export * from './primitives';
export * from './paths';
export * from './auth';
export * from './user';
export * from './drama';
export * from './message-keys';
