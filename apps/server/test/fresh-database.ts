import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A fresh PostgreSQL database when TEST_DATABASE_URL is set, else nothing (SQLite in the temp folder). */
export interface TestDatabase {
  url: string | undefined;
  drop(): Promise<void>;
}

/** `admin`: a role that may create databases (default TEST_DATABASE_URL); `prefix` names the database. */
export async function freshDatabase(admin = process.env.TEST_DATABASE_URL, prefix = 'tradepad_test'): Promise<TestDatabase> {
  if (!admin) return { url: undefined, drop: async () => {} };
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
