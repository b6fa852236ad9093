import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { UploadsTable } from '../../db/schema.ts';

export type UploadRow = Selectable<UploadsTable>;
export type NewUploadRow = Insertable<UploadsTable>;

/** The `uploads` table: the only SQL of the uploads module. */
export class UploadsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: NewUploadRow): Promise<void> {
    await this.db.insertInto('uploads').values(row).execute();
  }

  async byName(name: string): Promise<UploadRow | undefined> {
    return this.db.selectFrom('uploads').selectAll().where('name', '=', name).executeTakeFirst();
  }

  async ownedBy(userId: number, name: string): Promise<UploadRow | undefined> {
    return this.db.selectFrom('uploads').selectAll().where('name', '=', name).where('user_id', '=', userId).executeTakeFirst();
  }
}
