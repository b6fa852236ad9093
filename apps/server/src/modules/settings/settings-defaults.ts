import { mapSettings, type SettingKey } from '@tradepad/contracts/settings/table';

export type { SettingKey };

/**
 * Settings seeded on first start (seeds.ts seeds a few from environment variables instead); staff change them later
 * in the back office. Each is its row's default in the settings table (packages/contracts settings/table.ts).
 */
export const SETTINGS_DEFAULTS: Readonly<Record<SettingKey, string>> = mapSettings((row) => row.default);
