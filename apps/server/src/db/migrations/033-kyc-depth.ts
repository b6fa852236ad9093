import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.ts';

/**
 * Real-name depth (issue 32 point 4, DESIGN §16). An application may carry a date of birth and an address (text), a
 * proof of address and a selfie (stored upload names, like the ID's two sides), the document's type and expiry
 * (calendar dates as `YYYY-MM-DD` text, which sorts as it reads). Status 4 (more information needed) keeps staff's
 * message in `remark`; a resubmission is a new row, so every earlier application stays. The daily expiry check
 * records what it told and found: `reminded_30_at` and `reminded_7_at` (each reminder once), `expired_at`.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  const columns: Array<[name: string, type: 'varchar(10)' | 'varchar(20)' | 'varchar(64)' | 'varchar(300)' | 'bigint']> = [
    ['birth_date', 'varchar(10)'],
    ['address', 'varchar(300)'],
    ['address_proof_name', 'varchar(64)'],
    ['selfie_name', 'varchar(64)'],
    ['doc_type', 'varchar(20)'],
    ['doc_expiry', 'varchar(10)'],
    ['reminded_30_at', 'bigint'],
    ['reminded_7_at', 'bigint'],
    ['expired_at', 'bigint'],
  ];
  // One column a statement: SQLite adds one at a time.
  for (const [name, type] of columns) await db.schema.alterTable('kyc_applications').addColumn(name, type).execute();
  // The daily check reads approved applications by expiry.
  await db.schema.createIndex('kyc_doc_expiry_idx').on('kyc_applications').columns(['status', 'doc_expiry']).execute();
}
