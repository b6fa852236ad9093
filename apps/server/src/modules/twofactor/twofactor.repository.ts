import { sql } from 'kysely';
import { transaction } from '../../db/after-commit.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { TotpFactorsTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';

export type FactorRow = Selectable<TotpFactorsTable>;
/** Whose factor: a trader's or a staff member's. */
export type FactorKind = 'user' | 'staff';

/**
 * TOTP factors and recovery codes. Every step that a race could double (an attempt, a time step, a recovery code,
 * enabling) is one compare-and-set statement.
 */
export class TwoFactorRepository {
  constructor(private readonly db: Db) {}

  factor(kind: FactorKind, ownerId: number): Promise<FactorRow | undefined> {
    return this.db
      .selectFrom('totp_factors')
      .selectAll()
      .where('kind', '=', kind)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
  }

  async isEnabled(kind: FactorKind, ownerId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('totp_factors')
      .select('enabled')
      .where('kind', '=', kind)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    return Number(row?.enabled ?? 0) === 1;
  }

  /**
   * Stores a new pending secret started by session `sessionId` (only it may confirm it), unless the factor is already
   * on (then false).
   */
  async savePending(kind: FactorKind, ownerId: number, secret: string, sessionId: number, now: number): Promise<boolean> {
    const r = await this.db
      .insertInto('totp_factors')
      .values({
        kind,
        owner_id: ownerId,
        secret: null,
        pending_secret: secret,
        pending_session_id: sessionId,
        enabled: 0,
        last_step: null,
        attempts: 0,
        attempts_since: 0,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(['kind', 'owner_id'])
          .doUpdateSet({ pending_secret: secret, pending_session_id: sessionId, updated_at: now })
          .where('totp_factors.enabled', '=', 0),
      )
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /**
   * Counts one evaluation and tests the limit in the same statement, before any comparison: at most `max` per
   * `windowMs` (the window starts at its first attempt). Undefined when the limit refused it.
   */
  async claimAttempt(id: number, max: number, windowMs: number, now: number): Promise<number | undefined> {
    const expired = sql<boolean>`attempts_since <= ${now - windowMs}`;
    const row = await this.db
      .updateTable('totp_factors')
      .set({
        attempts: sql`CASE WHEN ${expired} THEN 1 ELSE attempts + 1 END`,
        attempts_since: sql`CASE WHEN ${expired} THEN ${now} ELSE attempts_since END`,
      })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('attempts', '<', max), eb('attempts_since', '<=', now - windowMs)]))
      .returning('attempts')
      .executeTakeFirst();
    return row ? Number(row.attempts) : undefined;
  }

  /** Takes time step `step` for an enabled factor: false when that step or a later one was used already (replay). */
  async useStep(id: number, step: number, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('totp_factors')
      .set({ last_step: step, attempts: 0, updated_at: now })
      .where('id', '=', id)
      .where('enabled', '=', 1)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Uses a recovery code once: false when unknown or already used. */
  async useRecoveryCode(kind: FactorKind, ownerId: number, codeHash: string, now: number): Promise<boolean> {
    return transaction(this.db, async (trx) => {
      const r = await trx
        .updateTable('totp_recovery_codes')
        .set({ used_at: now })
        .where('kind', '=', kind)
        .where('owner_id', '=', ownerId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      await trx
        .updateTable('totp_factors')
        .set({ attempts: 0, updated_at: now })
        .where('kind', '=', kind)
        .where('owner_id', '=', ownerId)
        .execute();
      return true;
    });
  }

  /**
   * Turns the pending secret on (compare-and-set on that very secret and the session that started it, so a concurrent
   * set-up or enable cannot mix), with the step of the code that proved it as used, and replaces the recovery codes;
   * `also` runs in the same transaction (the sessions it ends are told after the commit). False when it lost the race.
   */
  async enable(
    id: number,
    kind: FactorKind,
    ownerId: number,
    pending: { secret: string; sessionId: number },
    step: number,
    recoveryHashes: string[],
    now: number,
    also?: (trx: Tx) => Promise<void>,
  ) {
    return transaction(this.db, async (trx) => {
      const r = await trx
        .updateTable('totp_factors')
        .set({
          secret: pending.secret,
          pending_secret: null,
          pending_session_id: null,
          enabled: 1,
          last_step: step,
          attempts: 0,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('enabled', '=', 0)
        .where('pending_secret', '=', pending.secret)
        .where('pending_session_id', '=', pending.sessionId)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      await trx.deleteFrom('totp_recovery_codes').where('kind', '=', kind).where('owner_id', '=', ownerId).execute();
      if (recoveryHashes.length > 0)
        await trx
          .insertInto('totp_recovery_codes')
          .values(recoveryHashes.map((h) => ({ kind, owner_id: ownerId, code_hash: h, used_at: null, created_at: now })))
          .execute();
      await also?.(trx);
      return true;
    });
  }

  /**
   * Removes the factor and its recovery codes, with `also` in the same transaction; false when it was not on (a
   * concurrent disable won).
   */
  async disable(id: number, kind: FactorKind, ownerId: number, also?: (trx: Tx) => Promise<void>): Promise<boolean> {
    return transaction(this.db, async (trx) => {
      const r = await trx.deleteFrom('totp_factors').where('id', '=', id).where('enabled', '=', 1).executeTakeFirst();
      if (Number(r.numDeletedRows) !== 1) return false;
      await trx.deleteFrom('totp_recovery_codes').where('kind', '=', kind).where('owner_id', '=', ownerId).execute();
      await also?.(trx);
      return true;
    });
  }

  /**
   * Removes whatever factor (on or pending) and recovery codes an owner has, inside the caller's transaction (a staff
   * reset, the break-glass command); answers whether one was on.
   */
  async remove(trx: Tx, kind: FactorKind, ownerId: number): Promise<boolean> {
    const r = await trx
      .deleteFrom('totp_factors')
      .where('kind', '=', kind)
      .where('owner_id', '=', ownerId)
      .returning('enabled')
      .executeTakeFirst();
    await trx.deleteFrom('totp_recovery_codes').where('kind', '=', kind).where('owner_id', '=', ownerId).execute();
    return Number(r?.enabled ?? 0) === 1;
  }
}
