// The catalogue's CSV import, on real-world shaped Shopify files: both header sets, products of several rows
// (variants and pictures), quoted HTML with commas and line breaks, Arabic in UTF-8, a BOM and CRLF line ends, rows
// refused with their reason; the preview writes nothing, the job writes everything with its audit and stock
// history, and a second import of the same file changes nothing.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, importJobs, products, stockHistory } from '@/server/db/schema';
import { call, staffMember } from '../helpers/staff';
import {
  dbKinds,
  json,
  signUp,
  startTestApp,
  type Json,
  type Shopper,
  type TestApp,
} from '../helpers/test-app';
import { shopifyCsv, type Row } from './shopify-csv';

/** A Shopify description as merchants write it: HTML with commas, quotes and line breaks inside one cell. */
const htmlBody =
  '<p>Hand-thrown in Fayoum, glazed by hand.</p>\n<ul>\n  <li>Holds 1.5 litres, keeps water cool</li>\n' +
  '  <li>Lead-free glaze &amp; "food safe"</li>\n</ul>\n<script>alert(1)</script><p>Wash by hand,<br>never in a machine</p>';

const legacyRows = (suffix: string): (Row & { continuation?: boolean })[] => [
  // One product in three rows: two variants (sizes) and a third row with one more picture only.
  {
    handle: `fayoum-water-jug-${suffix}`,
    title: `Fayoum Water Jug ${suffix}`,
    body: htmlBody,
    vendor: 'Giza Home',
    category: 'Home & Garden > Kitchen & Dining > Tableware',
    type: 'Home',
    tags: 'pottery, handmade',
    published: 'TRUE',
    option: 'Small',
    sku: `JUG-S-${suffix}`,
    price: '249.50',
    compareAt: '300.00',
    quantity: '4',
    status: 'active',
    image: `https://cdn.shopify.com/s/files/1/0001/jug-${suffix}-1.jpg`,
    position: '1',
  },
  { handle: `fayoum-water-jug-${suffix}`, option: 'Large', sku: `JUG-L-${suffix}`, price: '320.00', quantity: '6' },
  {
    handle: `fayoum-water-jug-${suffix}`,
    continuation: true,
    image: `https://cdn.shopify.com/s/files/1/0001/jug-${suffix}-2.jpg`,
    position: '2',
  },
  // Arabic title and description in UTF-8; a subcategory as the Type.
  {
    handle: `oud-perfume-${suffix}`,
    title: `عطر العود ${suffix}`,
    body: '<p>عطر شرقي، بخلاصة العود والمسك</p>',
    vendor: 'sahara beauty',
    type: 'Fragrance',
    price: '850',
    quantity: '12',
    status: 'draft',
  },
  // Refused: a negative price.
  { handle: `broken-lamp-${suffix}`, title: `Broken Lamp ${suffix}`, vendor: 'Giza Home', type: 'Home', price: '-5', quantity: '1' },
  // Refused: no title.
  { handle: `no-title-${suffix}`, vendor: 'Giza Home', type: 'Home', price: '10', quantity: '1' },
  // Refused: a vendor the shop has no brand for.
  { handle: `mystery-${suffix}`, title: `Mystery Box ${suffix}`, vendor: 'Acme Unknown', type: 'Home', price: '10' },
]; // prettier-ignore

describe.each(dbKinds)('CSV import on %s', (kind) => {
  let t: TestApp;
  let staff: Shopper;
  let shopper: Shopper;

  beforeAll(async () => {
    // No picture store here (the pictures' own tests give one): pictures by URL are skipped with the reason.
    t = await startTestApp(kind, { imports: { storePicture: undefined } });
    staff = await staffMember(t.app, t.database, 'staff');
    shopper = await signUp(t.app);
  });
  afterAll(() => t.close());

  const post = (url: string, body: string | Buffer, token = staff.token, type = 'text/csv') =>
    t.app.inject({ method: 'POST', url, headers: { token, 'content-type': type }, payload: body });

  async function preview(csv: string): Promise<Json> {
    const res = await post('/api/v1/imports/preview', csv);
    expect(res.statusCode, res.body).toBe(200);
    return json(res).data;
  }

  /** Starts the job and waits for it (the app's background tasks), then reads it as the back office does. */
  async function importFile(csv: string): Promise<Json> {
    const res = await post('/api/v1/imports?name=catalogue.csv', csv);
    expect(res.statusCode, res.body).toBe(202);
    const started = json(res).data;
    expect(started.status).toBe('running');
    await t.app.ctx.background.idle();
    const read = await call(t.app, 'GET', `/api/v1/imports/${started._id}`, staff.token);
    expect(read.statusCode).toBe(200);
    return json(read).data;
  }

  const productCount = async () => Number((await t.database.db.select({ n: count() }).from(products))[0]!.n);
  const byHandle = async (handle: string) =>
    (await t.database.db.select().from(products).where(eq(products.handle, handle)))[0];

  it('previews the legacy header set row by row and writes nothing', async () => {
    const before = await productCount();
    const csv = shopifyCsv('legacy', legacyRows('a'), { bom: true, crlf: true });
    expect(csv.startsWith('\uFEFFHandle,Title,Body (HTML)')).toBe(true);
    expect(csv).toContain('\r\n');
    const data = await preview(csv);
    expect(data.headerSet).toBe('shopify-legacy');
    expect(data.rows).toBe(7);
    expect(data.products).toBe(5);
    expect(data.counts).toEqual({ create: 2, update: 0, unchanged: 0, refuse: 3 });
    const lines = data.lines as Json[];
    const jug = lines.find((l) => l.handle === 'fayoum-water-jug-a')!;
    expect(jug).toMatchObject({ row: 2, rows: 3, action: 'create', reasons: [] });
    expect(jug.notes).toContain('Price 249.50 rounded to 250 EGP (prices are whole pounds)');
    expect(jug.notes.join(' ')).toContain('2 variants in one product');
    expect(lines.find((l) => l.handle === 'broken-lamp-a')).toMatchObject({
      action: 'refuse',
      row: 6,
      reasons: ['Price must be at least 0 (row 6: -5)'],
    });
    expect(lines.find((l) => l.handle === 'no-title-a')!.reasons).toEqual(['No title (row 7)']);
    expect(lines.find((l) => l.handle === 'mystery-a')!.reasons).toEqual([
      'No brand named "Acme Unknown": add it under Brands first',
    ]);
    expect(await productCount()).toBe(before);
  });

  it('imports as a job: products, stock history, audit rows, and the report', async () => {
    const job = await importFile(shopifyCsv('legacy', legacyRows('b'), { bom: true, crlf: true }));
    expect(job).toMatchObject({
      status: 'done',
      headerSet: 'shopify-legacy',
      fileName: 'catalogue.csv',
      total: 5,
      processed: 5,
      counts: { create: 2, update: 0, unchanged: 0, refuse: 3 },
      error: null,
    });
    expect(job.report).toHaveLength(5);

    const jug = (await byHandle('fayoum-water-jug-b'))!;
    // Compare-at 300 above the first variant's 249.50: our price 300, after discount 250; stock of both variants.
    expect(jug).toMatchObject({
      title: 'Fayoum Water Jug b',
      price: 300,
      priceAfterDiscount: 250,
      quantity: 10,
    });
    expect(jug.description).toBe(
      'Hand-thrown in Fayoum, glazed by hand.\n- Holds 1.5 litres, keeps water cool\n' +
        '- Lead-free glaze & "food safe"\nWash by hand,\nnever in a machine',
    );
    expect(jug.titleAr).toBeNull();
    // No picture store in this app: the pictures are skipped with the reason, the category's picture stands in.
    const line = (job.report as Json[]).find((l) => l.handle === 'fayoum-water-jug-b')!;
    expect(line.notes).toContain(
      'Picture skipped: https://cdn.shopify.com/s/files/1/0001/jug-b-1.jpg (pictures are stored once the picture store is wired)',
    );
    expect(jug.imageCover).toMatch(/^\/images\/categories\//);
    expect(jug.images).toEqual([]);
    expect(job.pictures).toEqual({ stored: 0, skipped: 2 });
    const oud = (await byHandle('oud-perfume-b'))!;
    expect(oud).toMatchObject({
      title: 'عطر العود b',
      description: 'عطر شرقي، بخلاصة العود والمسك',
      status: 'draft',
    });
    expect(oud.subcategoryIds).toHaveLength(1);
    expect(await byHandle('broken-lamp-b')).toBeUndefined();

    const history = await t.database.db.select().from(stockHistory).where(eq(stockHistory.productId, jug.id));
    expect(history).toMatchObject([{ before: 0, after: 10, reason: 'Product created by a CSV import' }]);
    const audit = await call(
      t.app,
      'GET',
      `/api/v1/audit-log?entity=product&entityId=${jug.id}`,
      staff.token,
    );
    expect(json(audit).data).toMatchObject([
      { action: 'product.import', before: null, actor: { email: staff.email } },
    ]);
    const run = await call(t.app, 'GET', `/api/v1/audit-log?entity=import&entityId=${job._id}`, staff.token);
    expect(json(run).data).toMatchObject([
      { action: 'import.run', after: { counts: { create: 2, refuse: 3 } } },
    ]);

    // The storefront sees the active one at once (the cache was emptied), in both languages.
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/products?keyword=Fayoum' });
    expect((json(list).data as Json[]).map((p) => p.title)).toContain('Fayoum Water Jug b');
  });

  it('importing the same file twice changes nothing the second time', async () => {
    const csv = shopifyCsv('legacy', legacyRows('c'));
    await importFile(csv);
    const audits = Number((await t.database.db.select({ n: count() }).from(auditLog))[0]!.n);
    const before = await productCount();
    const again = await importFile(csv);
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 2, refuse: 3 });
    expect(await productCount()).toBe(before);
    // Only the job's own row is added.
    expect(Number((await t.database.db.select({ n: count() }).from(auditLog))[0]!.n)).toBe(audits + 1);
  });

  it('reads the current header set: a handle that exists is an update, not an error', async () => {
    await importFile(shopifyCsv('legacy', legacyRows('d')));
    const csv = shopifyCsv('current', [
      {
        title: 'Fayoum Water Jug d',
        handle: 'fayoum-water-jug-d',
        body: 'Now in <b>blue</b>, too',
        vendor: 'Giza Home',
        category: 'Home & Garden > Kitchen & Dining > Tableware',
        type: 'Home',
        published: 'TRUE',
        status: 'Active',
        price: '275',
        quantity: '3',
      },
      // No handle (a new product in the current set): made from the title; not published: a draft.
      { title: 'Siwa Dates Box', vendor: 'Oasis Foods', type: 'SuperMarket', published: 'FALSE', price: '90', quantity: '40' },
      { title: 'Gift Card', handle: 'gift-card', vendor: 'Giza Home', type: 'Home', price: '100', giftCard: 'TRUE' },
    ], { crlf: true }); // prettier-ignore
    const data = await preview(csv);
    expect(data.headerSet).toBe('shopify');
    const [jug, dates, gift] = data.lines as Json[];
    expect(jug).toMatchObject({ action: 'update', row: 2 });
    expect(jug!.changes).toEqual(['description', 'price', 'priceAfterDiscount', 'quantity']);
    expect(dates).toMatchObject({ action: 'create', handle: 'siwa-dates-box' });
    expect(gift).toMatchObject({ action: 'refuse', reasons: ['Gift cards are not products of this shop'] });
    const job = await importFile(csv);
    expect(job.counts).toEqual({ create: 1, update: 1, unchanged: 0, refuse: 1 });
    expect(await byHandle('fayoum-water-jug-d')).toMatchObject({
      description: 'Now in blue, too',
      price: 275,
      priceAfterDiscount: null,
      quantity: 3,
    });
    expect(await byHandle('siwa-dates-box')).toMatchObject({ status: 'draft', quantity: 40 });
    const jugId = (await byHandle('fayoum-water-jug-d'))!.id;
    const history = await t.database.db.select().from(stockHistory).where(eq(stockHistory.productId, jugId));
    expect(history.map((h) => [h.before, h.after])).toEqual(expect.arrayContaining([[10, 3]]));
  });

  it("takes this shop's own pictures as they are, only those the catalogue has", async () => {
    const [seeded] = (await t.database.db.select().from(products).limit(1)) as { imageCover: string }[];
    const csv = shopifyCsv('current', [
      { title: 'Own Picture Mug', handle: 'own-picture-mug', vendor: 'Giza Home', type: 'Home', price: '80', image: `http://shop.test${seeded!.imageCover}`, position: '1' },
      { handle: 'own-picture-mug', image: 'http://shop.test/images/products/guitar-999-0.webp', position: '2', continuation: true },
    ]); // prettier-ignore
    const [line] = (await preview(csv)).lines as Json[];
    expect(line).toMatchObject({ action: 'create' });
    expect(line!.notes).toContain(
      'Picture skipped (row 3): this shop has no picture at /images/products/guitar-999-0.webp',
    );
    await importFile(csv);
    expect(await byHandle('own-picture-mug')).toMatchObject({ imageCover: seeded!.imageCover, images: [] });
  });

  it('refuses bad files with clear 400s', async () => {
    const cases: [string | Buffer, string, number, RegExp][] = [
      ['', 'text/csv', 400, /The file is empty/],
      [Buffer.from('%PDF-1.7\n\xff\xfe\x00\x01binary', 'latin1'), 'text/csv', 400, /not UTF-8 text|binary/],
      ['name,price\nJug,10\n', 'text/csv', 400, /Unknown header set/],
      [shopifyCsv('legacy', []), 'text/csv', 400, /a header but no products/],
      ['Handle,Title,Variant Price\n"open,quote\n', 'text/csv', 400, /The CSV cannot be read near line/],
      ['{"csv":"no"}', 'application/json', 400, /Send the CSV file itself/],
      [
        '--x\r\n',
        'multipart/form-data; boundary=x',
        400,
        /send the CSV file itself with Content-Type: text\/csv/,
      ],
    ];
    for (const [body, type, status, message] of cases) {
      const res = await post('/api/v1/imports/preview', body, staff.token, type);
      expect(res.statusCode, String(message)).toBe(status);
      expect(json(res).message).toMatch(message);
    }
  });

  it('caps the size: over 10 MB is a 413, a 10 MB line a 400', async () => {
    const tooBig = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');
    const big = await post('/api/v1/imports', tooBig);
    expect(big.statusCode).toBe(413);
    expect(json(big).message).toBe('The file is larger than 10 MB: split it into smaller files');
    const oneLine = Buffer.alloc(10 * 1024 * 1024 - 10, 'a');
    const line = await post('/api/v1/imports/preview', oneLine);
    expect(line.statusCode).toBe(400);
    expect(json(line).message).toMatch(/^Row 1 is longer than 1 MB: this is not a product CSV/);
  });

  it('a job whose process ended is answered as failed once it has not moved for two minutes', async () => {
    const at = new Date(Date.now() - 60_000);
    const job = (id: string) => ({
      id,
      actorId: staff.id,
      actorEmail: staff.email,
      status: 'running' as const,
      headerSet: 'shopify',
      rows: 10,
      total: 10,
      processed: 4,
      createdAt: at,
      updatedAt: at,
    });
    await t.database.db.insert(importJobs).values([job('0a0000000000000000000001')]);
    const read = async () =>
      json(await call(t.app, 'GET', '/api/v1/imports/0a0000000000000000000001', staff.token)).data;
    expect(await read()).toMatchObject({ status: 'running', processed: 4, error: null });
    t.advance(61_000);
    expect(await read()).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(
        /^The import stopped before the end \(the server process running it ended\)/,
      ),
    });
    t.advance(-61_000);
  });

  it('is staff only: a shopper gets 403, no token 401, on every call', async () => {
    const csv = shopifyCsv('legacy', legacyRows('e'));
    const calls = [
      () => post('/api/v1/imports/preview', csv, shopper.token),
      () => post('/api/v1/imports', csv, shopper.token),
      () => call(t.app, 'GET', '/api/v1/imports/0123456789abcdef01234567', shopper.token),
      () => call(t.app, 'GET', '/api/v1/products/export.csv', shopper.token),
    ];
    for (const send of calls) {
      const res = await send();
      expect(res.statusCode).toBe(403);
      expect(json(res).message).toBe('You are not allowed to perform this action');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/products/export.csv' });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await call(t.app, 'GET', '/api/v1/imports/0123456789abcdef01234567', staff.token);
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).message).toBe('No import for this id 0123456789abcdef01234567');
  });
});
