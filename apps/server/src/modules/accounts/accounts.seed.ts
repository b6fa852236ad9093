import { SETTINGS_DEFAULTS } from '../settings/settings-defaults.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { CALLING_CODES } from './areas.data.ts';

/**
 * The accounts module's reference data, seeded on first start: the calling codes offered at registration and the
 * broker's company record. Each part is left alone once present, so staff edits survive restarts.
 */
export async function seedAccounts(accounts: AccountsRepository): Promise<void> {
  await accounts.seedAreas(CALLING_CODES);
  await accounts.seedCompany({
    name: 'Tradepad Markets Ltd',
    logo: '/logo.svg',
    url: 'https://tradepad.example',
    subject: 'Online trading of forex and CFDs',
    registered_address: '1 Harbour Road, Wan Chai, Hong Kong',
    location: 'Hong Kong',
    email: SETTINGS_DEFAULTS.complaint_email,
  });
}
