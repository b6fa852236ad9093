export * from './languages.ts';
export * from './envelope.ts';
export * from './params.ts';
export * from './accounts.ts';
export * from './realtime.ts';
export * from './api-paths.ts';
export * from './calls.ts';
