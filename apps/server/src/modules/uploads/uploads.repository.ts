import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { UploadsTable } from '../../db/schema.ts';

export type UploadRow = Selectable<UploadsTable>;
export type NewUploadRow = Insertable<UploadsTable>;

/** The `uploads` and `upload_blobs` tables: the only SQL of the uploads module. */
export class UploadsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: NewUploadRow): Promise<void> {
    await this.db.insertInto('uploads').values(row).execute();
  }

  /** The upload's row and its bytes, in one transaction: no node ever sees the row without the image. */
  async insertWithData(row: NewUploadRow, data: Buffer): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('upload_blobs').values({ name: row.name, data }).execute();
      await trx.insertInto('uploads').values(row).execute();
    });
  }

  /** The bytes of an upload kept in the database, or undefined (kept as a file, or absent). */
  async data(name: string): Promise<Buffer | undefined> {
    const row = await this.db.selectFrom('upload_blobs').select('data').where('name', '=', name).executeTakeFirst();
    return row ? Buffer.from(row.data) : undefined;
  }

  async byName(name: string): Promise<UploadRow | undefined> {
    return this.db.selectFrom('uploads').selectAll().where('name', '=', name).executeTakeFirst();
  }

  async ownedBy(userId: number, name: string): Promise<UploadRow | undefined> {
    return this.db.selectFrom('uploads').selectAll().where('name', '=', name).where('user_id', '=', userId).executeTakeFirst();
  }
}
