import { CompiledQuery, type QueryResult } from 'kysely';
import { preparedOnPostgres, type Db, type DbKind, type Tx } from './database.ts';

/**
 * A hand-written statement for the few hottest paths (an order's ledger entry runs several per fill): the SQL text is
 * written once with `?` placeholders, numbered `$1…` for PostgreSQL, and run through Kysely's connection without
 * building and compiling a query object each time; on PostgreSQL it is a prepared statement of each connection
 * (`preparedOnPostgres`), so it is never parsed or planned again. Everything else uses the query builder.
 */
export class RawQuery<R = unknown> {
  private readonly text: string;

  constructor(kind: DbKind, sql: string) {
    let n = 0;
    this.text = kind === 'postgres' ? sql.replace(/\?/g, () => `$${++n}`) : sql;
    if (kind === 'postgres') preparedOnPostgres(this.text);
  }

  run(db: Db | Tx, params: readonly unknown[]): Promise<QueryResult<R>> {
    return db.executeQuery<R>(CompiledQuery.raw(this.text, [...params]));
  }
}
