import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres } from './client';

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL pool', () => {
  it('survives connections the server ends, and connects again', async () => {
    const url = process.env.DATABASE_URL ?? '';
    const lost: Error[] = [];
    const database = openPostgres(url, 4, (error) => lost.push(error));
    try {
      await database.ping();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where application_name = '' and pid <> pg_backend_pid() and datname = current_database()
           and state = 'idle' and backend_type = 'client backend'`,
      );
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 200));
      // the pool dropped the dead connection; the next query opens a new one
      await expect(database.db.execute(sql`select 1 as one`)).resolves.toBeTruthy();
      expect(lost.length).toBeGreaterThanOrEqual(1);
      expect(lost[0]?.message).toContain('terminating connection');
    } finally {
      await database.close();
    }
  });
});
