import type { CreateTableBuilder } from 'kysely';
import type { DbKind } from './database.ts';

export interface MigrationContext {
  kind: DbKind;
}

/** An auto-incrementing integer primary key `id`, spelled as each database wants it. */
export function idColumn<T extends string>(table: CreateTableBuilder<T, never>, ctx: MigrationContext) {
  return ctx.kind === 'postgres'
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
