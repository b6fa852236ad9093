import type { Db } from '../../db/database.ts';

/** The devices and addresses accounts have signed in from: the SQL of the notifications module. */
export class NotificationsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Records a sign-in from `keys`; answers whether the account had signed in before (from anything) and which of the
   * keys are new to it. Each key is inserted once per account (unique index), so concurrent sign-ins agree.
   */
  async remember(userId: number, keys: readonly string[], at: number): Promise<{ seenBefore: boolean; fresh: string[] }> {
    const known = await this.db
      .selectFrom('user_devices')
      .select('device_key')
      .where('user_id', '=', userId)
      .where('device_key', 'in', keys)
      .execute();
    const seenBefore =
      known.length > 0 ||
      (await this.db.selectFrom('user_devices').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst()) !==
        undefined;
    const fresh: string[] = [];
    for (const key of keys) {
      if (known.some((k) => k.device_key === key)) continue;
      const r = await this.db
        .insertInto('user_devices')
        .values({ user_id: userId, device_key: key, first_seen_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'device_key']).doNothing())
        .executeTakeFirst();
      if (Number(r.numInsertedOrUpdatedRows ?? 0n) === 1) fresh.push(key);
    }
    return { seenBefore, fresh };
  }
}
