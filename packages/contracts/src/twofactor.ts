// Shim (issue 28, contracts by subject) for apps/admin/src/layout/enrol-page.tsx,
// which another engineer is changing: it imports this old path. Remove once it imports ./twofactor/schemas.ts.
export * from './twofactor/schemas.ts';
