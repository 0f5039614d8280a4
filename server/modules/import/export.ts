// GET /products/export.csv: every product (any status) in our CSV, Shopify's current header set cut to the columns
// we have (lib/contract/imports.ts exportColumns), so the file imports back here unchanged and opens in Shopify.
// Streamed (server/csv.ts): products are read a page at a time by id, never the whole table at once.
import type { Readable } from 'node:stream';
import { exportColumns } from '@/lib/contract/imports';
import type { AppContext } from '../../context';
import { csvStream, type Cell } from '../../csv';
import * as repo from './repository';

const pageSize = 500;

type ExportRow = Awaited<ReturnType<typeof repo.exportPage>>[number];

function rowsOf(p: ExportRow, publicUrl: string): Cell[][] {
  const pictures = [p.imageCover, ...p.images].map((path) =>
    /^https?:\/\//.test(path) ? path : publicUrl + path,
  );
  const discounted = p.priceAfterDiscount !== null;
  const first: Record<(typeof exportColumns)[number], Cell> = {
    Title: p.title,
    'URL handle': p.handle ?? p.slug,
    Description: p.description,
    Vendor: p.brand,
    'Product category': '',
    Type: p.category,
    Status: p.status,
    SKU: p.id,
    Price: discounted ? p.priceAfterDiscount! : p.price,
    'Compare-at price': discounted ? p.price : '',
    'Inventory quantity': p.quantity,
    'Product image URL': pictures[0] ?? '',
    'Image position': 1,
  };
  const rows: Cell[][] = [exportColumns.map((c) => first[c])];
  // Shopify's way for more pictures: a row with the handle, the picture and its position, nothing else.
  pictures
    .slice(1)
    .forEach((url, i) =>
      rows.push(
        exportColumns.map((c) =>
          c === 'URL handle'
            ? first['URL handle']
            : c === 'Product image URL'
              ? url
              : c === 'Image position'
                ? i + 2
                : '',
        ),
      ),
    );
  return rows;
}

export async function exportProducts(ctx: AppContext): Promise<Readable> {
  const db = ctx.database.db;
  const publicUrl = ctx.config.publicUrl;
  async function* records(): AsyncGenerator<Cell[]> {
    let after = '';
    for (;;) {
      const page = await repo.exportPage(db, after, pageSize);
      if (page.length === 0) return;
      for (const product of page) yield* rowsOf(product, publicUrl);
      after = page[page.length - 1]!.id;
    }
  }
  return csvStream(exportColumns, records());
}
