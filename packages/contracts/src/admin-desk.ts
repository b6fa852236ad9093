// Shim (issue 28, contracts by subject) for settings-params.ts,
// which another engineer is changing: it imports this old path. Remove once it imports ./desk/schemas.ts.
export * from './desk/schemas.ts';
