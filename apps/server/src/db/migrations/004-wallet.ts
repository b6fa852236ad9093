import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.ts';

/**
 * Uploads, deposits, withdrawals and their methods, real-name applications (DESIGN §6–7). Amounts in micro-units of
 * their currency; rates and limits as decimal strings, parsed by the domain's exact parsers.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('uploads'), ctx)
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('mime', 'varchar(32)', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_user_idx').on('uploads').columns(['user_id', 'id']).execute();

  // Coin channels (type 0: currency, network, the broker's address) and bank currencies (type 1: wire details).
  await idColumn(db.schema.createTable('deposit_channels'), ctx)
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('currency_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('protocol_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('address', 'varchar(128)', (c) => c.notNull())
    .addColumn('bank_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('bank_address', 'varchar(200)', (c) => c.notNull())
    .addColumn('bank_swift', 'varchar(11)', (c) => c.notNull())
    .addColumn('payee_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('payee_account', 'varchar(40)', (c) => c.notNull())
    .addColumn('bank_remark', 'varchar(500)', (c) => c.notNull())
    .addColumn('usd_price', 'varchar(24)', (c) => c.notNull())
    .addColumn('min_amount', 'varchar(24)', (c) => c.notNull())
    .addColumn('max_amount', 'varchar(24)', (c) => c.notNull())
    .addColumn('precision', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('deposits'), ctx)
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('channel_id', 'bigint', (c) => c.notNull())
    .addColumn('currency_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('protocol_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('usd_amount', 'bigint', (c) => c.notNull())
    // One deposit per proof image: a double submit finds the first one.
    .addColumn('proof_name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('from_address', 'varchar(128)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .addColumn('reviewed_by', 'bigint')
    .execute();
  await db.schema.createIndex('deposits_user_idx').on('deposits').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('deposits_status_idx').on('deposits').columns(['status', 'id']).execute();

  await idColumn(db.schema.createTable('draw_currencies'), ctx)
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('code', 'varchar(16)', (c) => c.notNull())
    .addColumn('protocol', 'varchar(16)', (c) => c.notNull())
    .addColumn('draw_rate', 'varchar(24)', (c) => c.notNull())
    .addColumn('fee_type', 'integer', (c) => c.notNull())
    .addColumn('usd_price', 'varchar(24)', (c) => c.notNull())
    .addColumn('min_amount', 'varchar(24)', (c) => c.notNull())
    .addColumn('max_amount', 'varchar(24)', (c) => c.notNull())
    .addColumn('precision', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('draw_methods'), ctx)
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('draw_id', 'bigint', (c) => c.notNull())
    .addColumn('dc_address', 'varchar(128)', (c) => c.notNull())
    .addColumn('bank_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('bank_address', 'varchar(200)', (c) => c.notNull())
    .addColumn('bank_swift', 'varchar(11)', (c) => c.notNull())
    .addColumn('payee_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('payee_account', 'varchar(40)', (c) => c.notNull())
    .addColumn('remark', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('draw_methods_user_idx').on('draw_methods').columns(['user_id', 'type']).execute();

  // A withdrawal keeps a copy of where it goes: the method may be removed later.
  await idColumn(db.schema.createTable('withdrawals'), ctx)
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('draw_currency_id', 'bigint', (c) => c.notNull())
    .addColumn('method_id', 'bigint', (c) => c.notNull())
    .addColumn('code', 'varchar(16)', (c) => c.notNull())
    .addColumn('protocol', 'varchar(16)', (c) => c.notNull())
    .addColumn('address', 'varchar(128)', (c) => c.notNull())
    .addColumn('bank_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('payee_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('payee_account', 'varchar(40)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull())
    .addColumn('received', 'bigint', (c) => c.notNull())
    .addColumn('memo', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)', (c) => c.notNull())
    .addColumn('transfer_ref', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .addColumn('reviewed_by', 'bigint')
    .execute();
  await db.schema.createIndex('withdrawals_user_idx').on('withdrawals').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('withdrawals_status_idx').on('withdrawals').columns(['status', 'id']).execute();

  await idColumn(db.schema.createTable('kyc_applications'), ctx)
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('card_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('front_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('reverse_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .addColumn('reviewed_by', 'bigint')
    .execute();
  await db.schema.createIndex('kyc_user_idx').on('kyc_applications').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('kyc_status_idx').on('kyc_applications').columns(['status', 'id']).execute();
  // An ID number is verified on one account at most; and one application waits per user at a time.
  await db.schema
    .createIndex('kyc_card_approved_uq')
    .on('kyc_applications')
    .column('card_id')
    .unique()
    .where(sql.ref('status'), '=', 2)
    .execute();
  await db.schema
    .createIndex('kyc_user_waiting_uq')
    .on('kyc_applications')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', 1)
    .execute();
}
