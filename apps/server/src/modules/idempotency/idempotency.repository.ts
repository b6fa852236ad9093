import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import { NO_FLUSH } from '../../db/durable-sqlite.ts';
import type { IdempotencyRecord, IdempotencyStore } from '../../core/idempotency.ts';

/**
 * The idempotency keys of the calls that create or move something (core/idempotency.ts), in `idempotency_keys`.
 * On SQLite the writes wait for no WAL flush of their own (NO_FLUSH: the order's durable commit flushes the claim
 * before it; an answer lost in a power cut leaves the key pending, answered "in progress", never run twice), so a
 * keyed order costs no extra flush on the one connection.
 */
export class IdempotencyRepository implements IdempotencyStore {
  constructor(private readonly db: Db) {}

  async claim(row: Parameters<IdempotencyStore['claim']>[0]): Promise<boolean> {
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
        claim: row.claim,
        settle_at: row.settleAt,
        engine_ran: null,
      })
      .onConflict((oc) => oc.columns(['scope', 'idem_key']).doNothing())
      .returning('id')
      .modifyEnd(noFlush)
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async find(scope: string, key: string): Promise<IdempotencyRecord | undefined> {
    return this.db
      .selectFrom('idempotency_keys')
      .select(['fingerprint', 'response', 'created_at', 'claim', 'settle_at', 'engine_ran'])
      .where('scope', '=', scope)
      .where('idem_key', '=', key)
      .executeTakeFirst();
  }

  async complete(scope: string, key: string, claim: string, response: string, now: number): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({ response, completed_at: now })
      .where('scope', '=', scope)
      .where('idem_key', '=', key)
      .where('claim', '=', claim)
      .where('response', 'is', null)
      .modifyEnd(noFlush)
      .execute();
  }

  async release(scope: string, key: string, claim: string): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('scope', '=', scope)
      .where('idem_key', '=', key)
      .where('claim', '=', claim)
      .where('response', 'is', null)
      .modifyEnd(noFlush)
      .execute();
  }

  async releaseUnrun(claim: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('idempotency_keys')
      .where('claim', '=', claim)
      .where('response', 'is', null)
      .where('engine_ran', 'is', null)
      .modifyEnd(noFlush)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /**
   * The engine writer's stamp (DESIGN §15), run inside its batch transaction: marks each claim's key as run by this
   * transaction; answers the claims whose key is gone (released meanwhile), whose jobs must then not run.
   */
  async stamp(trx: Tx, claims: readonly string[], now: number): Promise<Set<string>> {
    const stamped = await trx
      .updateTable('idempotency_keys')
      .set({ engine_ran: now })
      .where('claim', 'in', claims)
      .returning('claim')
      .execute();
    const found = new Set(stamped.map((r) => r.claim));
    return new Set(claims.filter((c) => !found.has(c)));
  }

  async expire(scope: string, key: string, before: number): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('scope', '=', scope)
      .where('idem_key', '=', key)
      .where('created_at', '<', before)
      .modifyEnd(noFlush)
      .execute();
  }

  async sweep(before: number): Promise<number> {
    const r = await this.db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}

const noFlush = sql.raw(NO_FLUSH);
