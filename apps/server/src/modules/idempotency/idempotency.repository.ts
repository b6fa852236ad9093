import type { Db } from '../../db/database.ts';
import type { IdempotencyRecord, IdempotencyStore } from '../../core/idempotency.ts';

/** The idempotency keys of the calls that create or move something (core/idempotency.ts), in `idempotency_keys`. */
export class IdempotencyRepository implements IdempotencyStore {
  constructor(private readonly db: Db) {}

  async claim(
    row: { scope: string; key: string; fingerprint: string; call: string; now: number },
    expiredBefore: number,
  ): Promise<boolean> {
    // A key past its window is a new key: its old row goes first (the unique pair then decides between racers).
    await this.db
      .deleteFrom('idempotency_keys')
      .where('scope', '=', row.scope)
      .where('idem_key', '=', row.key)
      .where('created_at', '<', expiredBefore)
      .execute();
    const inserted = await this.db
      .insertInto('idempotency_keys')
      .values({
        scope: row.scope,
        idem_key: row.key,
        fingerprint: row.fingerprint,
        call: row.call,
        response: null,
        created_at: row.now,
        completed_at: null,
      })
      .onConflict((oc) => oc.columns(['scope', 'idem_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async find(scope: string, key: string): Promise<IdempotencyRecord | undefined> {
    return this.db
      .selectFrom('idempotency_keys')
      .select(['fingerprint', 'response', 'created_at'])
      .where('scope', '=', scope)
      .where('idem_key', '=', key)
      .executeTakeFirst();
  }

  async complete(scope: string, key: string, response: string, now: number): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({ response, completed_at: now })
      .where('scope', '=', scope)
      .where('idem_key', '=', key)
      .where('response', 'is', null)
      .execute();
  }

  async release(scope: string, key: string): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('scope', '=', scope)
      .where('idem_key', '=', key)
      .where('response', 'is', null)
      .execute();
  }

  async sweep(before: number): Promise<number> {
    const r = await this.db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
