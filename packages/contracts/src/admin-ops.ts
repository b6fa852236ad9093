// Shim (issue 28, contracts by subject) for apps/admin/src/features/settings/runtime-settings.tsx,
// which another engineer is changing: it imports this old path. Remove once it imports ./staff/ops.ts.
export * from './staff/ops.ts';
