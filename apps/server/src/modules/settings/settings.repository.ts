import type { Db, Tx } from '../../db/database.ts';

/** Key/value settings the staff can change (registration method, service link, company mode, …). */
export class SettingsRepository {
  constructor(private readonly db: Db) {}

  async all(): Promise<Record<string, string>> {
    const rows = await this.db.selectFrom('settings').select(['key', 'value']).execute();
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  }

  async set(key: string, value: string): Promise<void> {
    await this.db
      .insertInto('settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }

  /** Writes several settings and `alongside` (the audit record) in one transaction: all of it, or none. */
  async setAll(values: Record<string, string>, alongside: (trx: Tx) => Promise<void>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.writeIn(trx, values);
      await alongside(trx);
    });
  }

  /** Writes several settings inside the caller's transaction (an approved change, with its audit record). */
  async writeIn(trx: Tx, values: Record<string, string>): Promise<void> {
    for (const [key, value] of Object.entries(values)) {
      await trx
        .insertInto('settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    }
  }

  /** Inserts the defaults that are missing; never overwrites what staff changed. */
  async seedMissing(defaults: Record<string, string>): Promise<void> {
    for (const [key, value] of Object.entries(defaults)) {
      await this.db
        .insertInto('settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    }
  }
}
