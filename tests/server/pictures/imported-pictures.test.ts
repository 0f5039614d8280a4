// Pictures a CSV import fetches by URL go to the same store as staff uploads: checked, re-encoded upright without
// metadata, kept in the database and served to every process at /images/uploads/…; audited as the import's staff.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, staffMember } from '../helpers/staff';
import { dbKinds, json, startTestApp, type Json, type Shopper, type TestApp } from '../helpers/test-app';
import { shopifyCsv } from '../import/shopify-csv';

describe.each(dbKinds)('imported pictures on %s', (kind) => {
  let t: TestApp;
  let staff: Shopper;
  let server: http.Server;
  let base = '';

  beforeAll(async () => {
    const photo = await sharp({ create: { width: 60, height: 30, channels: 3, background: '#8e44ad' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'SnoopCam' } } })
      .toBuffer();
    server = http.createServer((req, res) => {
      if (req.url === '/vase.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
      // Right magic bytes, nothing behind them: the store refuses it, the import skips it with the reason.
      if (req.url === '/broken.jpg')
        return res
          .writeHead(200, { 'content-type': 'image/jpeg' })
          .end(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 1]));
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The shop's own picture store (no stand-in); only the test's loopback server is allowed by name.
    t = await startTestApp(kind, { imports: { fetch: { allowAddresses: ['127.0.0.1'] } } });
    staff = await staffMember(t.app, t.database, 'staff');
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('stores a fetched picture as staff uploads are stored, and skips a damaged one with the reason', async () => {
    const csv = shopifyCsv('legacy', [
      { handle: 'glass-vase', title: 'Glass Vase', vendor: 'Giza Home', type: 'Home', price: '90', quantity: '4', image: `${base}/vase.jpg`, position: '1' },
      { handle: 'glass-vase', image: `${base}/broken.jpg`, position: '2', continuation: true },
    ]); // prettier-ignore
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/imports',
      headers: { token: staff.token, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(started.statusCode, started.body).toBe(202);
    await t.app.ctx.background.idle();
    const job = json(await call(t.app, 'GET', `/api/v1/imports/${json(started).data._id}`, staff.token)).data;
    expect(job.pictures).toEqual({ stored: 1, skipped: 1 });
    expect((job.report[0].notes as string[]).join('\n')).toMatch(
      /Picture skipped: .*\/broken\.jpg \(it could not be stored \(This picture cannot be read: the file is damaged\.\)\)/,
    );

    const list = json(await t.app.inject({ url: '/api/v1/products?keyword=glass%20vase' })).data as Json[];
    const vase = list.find((p) => p.title === 'Glass Vase')!;
    const path = new URL(vase.imageCover as string).pathname;
    expect(path).toMatch(/^\/images\/uploads\/[0-9a-f]{32}\.webp$/);
    const served = await t.app.inject({ url: path });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 30,
      height: 60,
    });
    expect(served.rawPayload.includes(Buffer.from('SnoopCam'))).toBe(false);
    const audit = json(await call(t.app, 'GET', '/api/v1/audit-log?entity=picture', staff.token))
      .data as Json[];
    expect(audit[0]).toMatchObject({ action: 'picture.upload', actor: { email: staff.email } });
  });
});
