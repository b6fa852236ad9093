// The settings' contracts live in settings/ (the table they derive from); this path stays for its importers.
export { settingsParams, type SettingsParams } from './settings/calls.ts';
export { SESSION_ABSOLUTE_RANGE, SESSION_IDLE_RANGE } from './settings/values.ts';
