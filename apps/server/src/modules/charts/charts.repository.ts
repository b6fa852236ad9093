import type { Db } from '../../db/database.ts';

/** The only SQL of chart layouts (migration 034). */
export class ChartsRepository {
  constructor(private readonly db: Db) {}

  async layout(userId: number, instrumentId: number): Promise<{ json: string; updatedAt: number } | undefined> {
    const row = await this.db
      .selectFrom('chart_layouts')
      .select(['layout_json', 'updated_at'])
      .where('user_id', '=', userId)
      .where('instrument_id', '=', instrumentId)
      .executeTakeFirst();
    return row && { json: row.layout_json, updatedAt: Number(row.updated_at) };
  }

  /** Replaces the layout (one statement: two saves at once leave one of them whole). */
  async save(userId: number, instrumentId: number, json: string, now: number): Promise<void> {
    await this.db
      .insertInto('chart_layouts')
      .values({ user_id: userId, instrument_id: instrumentId, layout_json: json, updated_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'instrument_id']).doUpdateSet({ layout_json: json, updated_at: now }))
      .execute();
  }
}
