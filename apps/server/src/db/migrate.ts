import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DbHandle } from './database.ts';
import type { MigrationContext } from './migration-helpers.ts';
import * as m001 from './migrations/001-foundation.ts';
import * as m002 from './migrations/002-market.ts';
import * as m003 from './migrations/003-trading.ts';
import * as m004 from './migrations/004-wallet.ts';
import * as m005 from './migrations/005-content.ts';
import * as m007 from './migrations/007-rate-limits.ts';
import * as m008 from './migrations/008-idempotency.ts';
import * as m009 from './migrations/009-totp.ts';
import * as m010 from './migrations/010-withdrawal-security.ts';
import * as m011 from './migrations/011-hardening.ts';
import * as m012 from './migrations/012-users-admin.ts';
import * as m014 from './migrations/014-instrument-terms.ts';
import * as m015 from './migrations/015-support.ts';
import * as m016 from './migrations/016-news-schedule.ts';
import * as m017 from './migrations/017-upload-blobs.ts';
import * as m018 from './migrations/018-engine-lease.ts';
import * as m019 from './migrations/019-orders-plus.ts';
import * as m020 from './migrations/020-favourites.ts';
import * as m021 from './migrations/021-swaps.ts';
import * as m022 from './migrations/022-price-alerts.ts';
import * as m023 from './migrations/023-notices.ts';
import * as m024 from './migrations/024-signup.ts';
import * as m025 from './migrations/025-notice-retention.ts';
import * as m026 from './migrations/026-engine-keys.ts';
import * as m027 from './migrations/027-instrument-pricing.ts';
import * as m029 from './migrations/029-staff-session-factor.ts';
import * as m030 from './migrations/030-changes.ts';
import * as m031 from './migrations/031-hedging.ts';
import * as m032 from './migrations/032-account-types.ts';
import * as m033 from './migrations/033-kyc-depth.ts';
import * as m034 from './migrations/034-chart-layouts.ts';
import * as m035 from './migrations/035-credit.ts';
import * as m036 from './migrations/036-instrument-names.ts';
import * as m037 from './migrations/037-stop-limit.ts';
import * as m038 from './migrations/038-copy-trading.ts';
import * as m039 from './migrations/039-copy-events-index.ts';
import * as m040 from './migrations/040-entries-by-account.ts';

interface MigrationModule {
  up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void>;
}

/** Every migration, in order. One definition runs on SQLite and on PostgreSQL. */
const MIGRATIONS: Record<string, MigrationModule> = {
  '001-foundation': m001,
  '002-market': m002,
  '003-trading': m003,
  '004-wallet': m004,
  '005-content': m005,
  '007-rate-limits': m007,
  '008-idempotency': m008,
  '009-totp': m009,
  '010-withdrawal-security': m010,
  '011-hardening': m011,
  '012-users-admin': m012,
  '014-instrument-terms': m014,
  '015-support': m015,
  '016-news-schedule': m016,
  '017-upload-blobs': m017,
  '018-engine-lease': m018,
  '019-orders-plus': m019,
  '020-favourites': m020,
  '021-swaps': m021,
  '022-price-alerts': m022,
  '023-notices': m023,
  '024-signup': m024,
  '025-notice-retention': m025,
  '026-engine-keys': m026,
  '027-instrument-pricing': m027,
  '029-staff-session-factor': m029,
  '030-changes': m030,
  '031-hedging': m031,
  '032-account-types': m032,
  '033-kyc-depth': m033,
  '034-chart-layouts': m034,
  '035-credit': m035,
  '036-instrument-names': m036,
  '037-stop-limit': m037,
  '038-copy-trading': m038,
  '039-copy-events-index': m039,
  '040-entries-by-account': m040,
};

/** Brings the schema up to date; safe to run at every start and from several nodes (each step runs once). */
export async function migrateToLatest(handle: DbHandle): Promise<string[]> {
  const ctx: MigrationContext = { kind: handle.kind };
  const provider: MigrationProvider = {
    getMigrations: () =>
      Promise.resolve(
        Object.fromEntries(
          Object.entries(MIGRATIONS).map(([name, mod]): [string, Migration] => [name, { up: (db) => mod.up(db, ctx) }]),
        ),
      ),
  };
  const migrator = new Migrator({ db: handle.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
