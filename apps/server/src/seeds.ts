import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { AccountsRepository } from './modules/accounts/accounts.repository.ts';
import { seedAccounts } from './modules/accounts/accounts.seed.ts';
import type { BackofficeService } from './modules/backoffice/backoffice.service.ts';
import { LEGAL_SEED_PAGES } from './modules/content/legal-seed-data.ts';
import { SEED_ARTICLES } from './modules/content/news.seed-data.ts';
import type { NewsService } from './modules/content/news.service.ts';
import { CATEGORIES, INSTRUMENTS } from './modules/market/instruments.data.ts';
import type { MarketRepository } from './modules/market/market.repository.ts';
import { SETTINGS_DEFAULTS, type SettingKey } from './modules/settings/settings-defaults.ts';
import type { SettingsRepository } from './modules/settings/settings.repository.ts';
import type { WalletRepository } from './modules/wallet/wallet.repository.ts';
import { seedWallet } from './modules/wallet/wallet.seed.ts';

/**
 * Everything seeded on first start, in one place and in order: run-time settings first (the services read them),
 * reference data (areas, company, instruments, deposit channels, articles), then the first super admin. Each part is
 * left alone once present, so staff edits survive restarts; running it on several nodes at once is safe.
 */
export async function seedFirstStart(s: {
  settings: SettingsRepository;
  accounts: AccountsRepository;
  market: MarketRepository;
  wallet: WalletRepository;
  news: NewsService;
  backoffice: BackofficeService;
  config: Pick<Config, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD' | 'SESSION_IDLE_MINUTES' | 'DEMO_START_BALANCE' | 'RESTRICTED_REGIONS'>;
  log: FastifyBaseLogger;
  now: number;
}): Promise<void> {
  // A variable that is also a setting seeds it on first start; the setting, changed in the back office, wins after.
  // (`satisfies`: a misspelt key would seed a setting nothing reads.)
  await s.settings.seedMissing({
    ...SETTINGS_DEFAULTS,
    session_idle_minutes: String(s.config.SESSION_IDLE_MINUTES),
    demo_start_balance: s.config.DEMO_START_BALANCE,
    restricted_regions: s.config.RESTRICTED_REGIONS,
  } satisfies Record<SettingKey, string>);
  await seedAccounts(s.accounts);
  await s.market.seed(CATEGORIES, INSTRUMENTS);
  await seedWallet(s.wallet, s.now);
  await s.news.seed([...SEED_ARTICLES, ...LEGAL_SEED_PAGES]);
  await s.backoffice.ensureFirstAdmin(s.config.ADMIN_EMAIL, s.config.ADMIN_PASSWORD, s.log);
}
