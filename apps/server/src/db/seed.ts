import { CALLING_CODES } from '../modules/accounts/areas.data.ts';
import type { AccountsRepository } from '../modules/accounts/accounts.repository.ts';
import type { SettingsRepository } from '../modules/settings/settings.repository.ts';
import { SETTINGS_DEFAULTS } from '../modules/settings/settings-defaults.ts';

/** Reference data seeded on first start; each part is left alone once present, so staff edits survive restarts. */
export async function seedReferenceData(r: { accounts: AccountsRepository; settings: SettingsRepository }): Promise<void> {
  await r.settings.seedMissing(SETTINGS_DEFAULTS);
  await r.accounts.seedAreas(CALLING_CODES);
  await r.accounts.seedCompany({
    name: 'Tradepad Markets Ltd',
    logo: '/logo.svg',
    url: 'https://tradepad.example',
    subject: 'Online trading of forex and CFDs',
    registered_address: '1 Harbour Road, Wan Chai, Hong Kong',
    location: 'Hong Kong',
    email: SETTINGS_DEFAULTS.complaint_email,
  });
}
