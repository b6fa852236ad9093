// Shim (issue 28, contracts by subject) for apps/admin/src/layout/login-page.tsx,
// which another engineer is changing: it imports this old path. Remove once it imports ./accounts/constants.ts.
export * from './accounts/constants.ts';
