import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, pgErrorCode, type Database } from '@/server/db/client';
import { dbKinds, freshPglite } from '../helpers/test-app';

// Database.prepared: a hot statement (the cart's add) is parsed and planned once per PostgreSQL connection and then
// only bound and run; each call still answers for its own values.
describe.each(dbKinds)('a prepared statement (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database =
      kind === 'postgres'
        ? await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL })
        : await freshPglite(false);
  });
  afterAll(async () => {
    await database.close();
  });

  const next = (n: number, label: string) =>
    database.prepared<{ n: number; label: string }>(
      'test_next_number',
      sql`select ${n}::int + 1 as n, ${label}::text as label`,
    );

  it('answers each call for its own values, past the calls after which PostgreSQL keeps a generic plan', async () => {
    for (let i = 0; i < 8; i++)
      expect(await next(i, `call ${i}`)).toEqual([{ n: i + 1, label: `call ${i}` }]);
  });

  it('answers concurrent calls each with its own rows', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => next(100 + i, `c${i}`)));
    expect(answers).toEqual(Array.from({ length: 12 }, (_, i) => [{ n: 101 + i, label: `c${i}` }]));
  });

  it("passes a statement's error on with its SQLSTATE, and the next call still runs", async () => {
    const divide = (by: number) =>
      database.prepared<{ q: number }>('test_divide', sql`select 10 / ${by}::int as q`);
    const failed = await divide(0).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(pgErrorCode(failed)).toBe('22012');
    expect(await divide(5)).toEqual([{ q: 2 }]);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('a prepared statement on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    // One connection: every call below runs on it, so what it has prepared can be read back.
    database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 1 });
  });
  afterAll(async () => {
    await database.close();
  });

  it('is prepared on the connection under its name, once, its values parameters', async () => {
    for (const n of [1, 2, 3]) await database.prepared('test_twice', sql`select ${n}::int * 2 as twice`);
    const rows = await database.prepared<{ name: string; statement: string }>(
      'test_list_prepared',
      sql`select name, statement from pg_prepared_statements where name like ${'test%'} order by name`,
    );
    expect(rows).toEqual([
      { name: 'test_list_prepared', statement: expect.stringContaining('from pg_prepared_statements') },
      { name: 'test_twice', statement: 'select $1::int * 2 as twice' },
    ]);
  });
});
