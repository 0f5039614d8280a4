// Two API processes on one PostgreSQL (two apps, two pools) each receive the same file at the same moment: their
// batches take turns on the import lock and decide against what the other committed, so every product exists
// once, one job creates it and the other finds it unchanged (or updated by nothing); and a job started in one
// process is read, with its progress, from the other. PostgreSQL only (PGlite is one process).
import { count, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/server/app';
import { openDatabase, type Database } from '@/server/db/client';
import { products } from '@/server/db/schema';
import { call, staffMember } from '../helpers/staff';
import { json, startTestApp, type Json, type Shopper, type TestApp } from '../helpers/test-app';
import { shopifyCsv } from './shopify-csv';

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'CSV import in two API processes on one PostgreSQL',
  () => {
    let a: TestApp;
    let bDatabase: Database;
    let b: FastifyInstance;
    let staff: Shopper;

    beforeAll(async () => {
      a = await startTestApp('postgres');
      bDatabase = await openDatabase({ databaseUrl: a.config.databaseUrl, poolSize: 5 });
      b = await buildApp({ config: a.config, database: bDatabase, authLimits: { perMinute: 10_000 } });
      await b.ready();
      staff = await staffMember(a.app, a.database, 'staff');
    });
    afterAll(async () => {
      await b?.close();
      await bDatabase?.close();
      await a?.close();
    });

    it('the same file at once in both: every product once, and each job readable from the other process', async () => {
      const rows = Array.from({ length: 60 }, (_, i) => ({
        handle: `twin-${i}`,
        title: `Twin Product ${i}`,
        vendor: 'Giza Home',
        type: 'Home',
        price: String(100 + i),
        quantity: '3',
      }));
      const csv = shopifyCsv('legacy', rows);
      const start = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/imports',
          headers: { token: staff.token, 'content-type': 'text/csv' },
          payload: csv,
        });
      const [ra, rb] = await Promise.all([start(a.app), start(b)]);
      expect([ra.statusCode, rb.statusCode]).toEqual([202, 202]);
      await Promise.all([a.app.ctx.background.idle(), b.ctx.background.idle()]);

      // Each job read through the process that did not run it.
      const jobA = json(await call(b, 'GET', `/api/v1/imports/${json(ra).data._id}`, staff.token))
        .data as Json;
      const jobB = json(await call(a.app, 'GET', `/api/v1/imports/${json(rb).data._id}`, staff.token))
        .data as Json;
      for (const job of [jobA, jobB]) expect(job).toMatchObject({ status: 'done', processed: 60, total: 60 });
      expect(jobA.counts.create + jobB.counts.create).toBe(60);
      expect(jobA.counts.unchanged + jobB.counts.unchanged).toBe(60);
      const [made] = await a.database.db
        .select({ n: count() })
        .from(products)
        .where(like(products.handle, 'twin-%'));
      expect(Number(made!.n)).toBe(60);
    });
  },
);
