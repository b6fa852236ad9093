// Shim (issue 28, contracts by subject) for apps/admin/src/features/channels/channels.tsx and settings/settings-page.tsx,
// which another engineer is changing: they import this old path. Remove once they import ./wallet/config.ts.
export * from './wallet/config.ts';
