// Pictures by URL handed to the picture store (a test store here), fetched once per URL across imports; and the
// export: streamed, formula-like cells neutralised, and read back by the import as no change at all.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportColumns } from '@/lib/contract/imports';
import { products } from '@/server/db/schema';
import { call, staffMember } from '../helpers/staff';
import {
  dbKinds,
  json,
  someProducts,
  startTestApp,
  type Json,
  type Shopper,
  type TestApp,
} from '../helpers/test-app';
import { png, shopifyCsv } from './shopify-csv';

describe.each(dbKinds)('CSV import pictures and export on %s', (kind) => {
  let t: TestApp;
  let staff: Shopper;
  let server: http.Server;
  let base: string;
  const requests: string[] = [];
  const stored: { bytes: number; type: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      requests.push(req.url ?? '');
      if (req.url === '/jug.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      if (req.url === '/jug-side.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      if (req.url === '/manual.jpg')
        return res.writeHead(200, { 'content-type': 'image/jpeg' }).end('%PDF-1.4');
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await startTestApp(kind, {
      imports: {
        // The test's own server is on loopback: allowed here by name, never by default.
        fetch: { allowAddresses: ['127.0.0.1'] },
        storePicture: async (bytes, type) => {
          stored.push({ bytes: bytes.length, type });
          return `/images/products/imported-${stored.length}.webp`;
        },
      },
    });
    staff = await staffMember(t.app, t.database, 'staff');
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const post = (url: string, body: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { token: staff.token, 'content-type': 'text/csv' },
      payload: body,
    });

  async function importFile(csv: string): Promise<Json> {
    const res = await post('/api/v1/imports', csv);
    expect(res.statusCode, res.body).toBe(202);
    await t.app.ctx.background.idle();
    return json(await call(t.app, 'GET', `/api/v1/imports/${json(res).data._id}`, staff.token)).data;
  }

  const jugCsv = () =>
    shopifyCsv('legacy', [
      { handle: 'clay-jug', title: 'Clay Jug', vendor: 'Giza Home', type: 'Home', price: '120', quantity: '5', image: `${base}/jug.png`, position: '1' },
      { handle: 'clay-jug', image: `${base}/manual.jpg`, position: '3', continuation: true },
      { handle: 'clay-jug', image: `${base}/jug-side.png`, position: '2', continuation: true },
    ]); // prettier-ignore

  it('fetches pictures by URL, hands them to the store, and fetches each one once', async () => {
    const preview = json(await post('/api/v1/imports/preview', jugCsv())).data;
    expect(preview.picturesToFetch).toBe(3);
    expect(requests).toEqual([]);

    const job = await importFile(jugCsv());
    expect(job.counts).toMatchObject({ create: 1 });
    expect(job.pictures).toEqual({ stored: 2, skipped: 1 });
    expect(job.report[0].notes).toContain(
      `Picture skipped: ${base}/manual.jpg (it is not a JPEG, PNG or WebP picture)`,
    );
    expect(stored).toEqual([
      { bytes: png.length, type: 'image/png' },
      { bytes: png.length, type: 'image/png' },
    ]);
    const [jug] = await t.database.db.select().from(products).where(eq(products.handle, 'clay-jug'));
    // Ordered by Image Position: the cover first.
    const paths = new Map([
      [`${base}/jug.png`, jug!.imageCover],
      [`${base}/jug-side.png`, jug!.images[0]],
    ]);
    expect([...paths.values()].sort()).toEqual([
      '/images/products/imported-1.webp',
      '/images/products/imported-2.webp',
    ]);

    requests.length = 0;
    const again = await importFile(jugCsv());
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 1, refuse: 0 });
    // Stored pictures are known by their URL; only the refused one is tried again.
    expect(requests).toEqual(['/manual.jpg']);
    expect(stored).toHaveLength(2);
  });

  it('exports every product, streamed, with formula-like cells neutralised', async () => {
    const [seeded] = await someProducts(t.app, 1);
    const res = await call(t.app, 'POST', '/api/v1/products', staff.token, {
      title: '=HYPERLINK("http://evil.example","Prize")',
      description: '+SUM(A1:A9)\n@cmd|"/c calc"!A0',
      price: 40,
      quantity: 2,
      category: seeded!.category._id,
      brand: seeded!.brand._id,
      imageCover: seeded!.imageCover,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = json(res).data._id;

    const exported = await call(t.app, 'GET', '/api/v1/products/export.csv', staff.token);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toMatch(
      /^attachment; filename="freshcart-products-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(exported.body.startsWith('\uFEFF')).toBe(true);
    const records = parse(exported.body, { bom: true }) as string[][];
    expect(records[0]).toEqual([...exportColumns]);
    const all = await t.database.db.select({ id: products.id }).from(products);
    const firstRows = records.slice(1).filter((r) => r[7] !== '');
    expect(firstRows).toHaveLength(all.length);
    const evil = firstRows.find((r) => r[7] === id)!;
    expect(evil[0]).toBe(`'=HYPERLINK("http://evil.example","Prize")`);
    expect(evil[2]).toBe(`'+SUM(A1:A9)\n@cmd|"/c calc"!A0`);
    // No cell of the file would run as a formula.
    for (const record of records) for (const cell of record) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('reads its own export back as no change at all', async () => {
    const exported = await call(t.app, 'GET', '/api/v1/products/export.csv', staff.token);
    const preview = json(await post('/api/v1/imports/preview', exported.body)).data;
    const moved = (preview.lines as Json[]).filter((l) => l.action !== 'unchanged');
    expect(moved).toEqual([]);
    expect(preview.counts.unchanged).toBe(preview.products);
    const job = await importFile(exported.body);
    expect(job.counts).toEqual({ create: 0, update: 0, unchanged: preview.products, refuse: 0 });
  });
});
