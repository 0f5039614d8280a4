// A Shopify product CSV read into products: the header set recognised (the current one, "Title,URL handle,…", or
// the legacy one, "Handle,Title,Body (HTML),…"), the rows parsed by csv-parse (quoted cells with commas and line
// breaks, a UTF-8 BOM, CRLF or LF), and the rows of one handle gathered into one product (its variants and its
// pictures). Nothing is decided here about what the product becomes (plan.ts).
import { Readable } from 'node:stream';
import { importLimits, type ImportHeaderSet } from '@/lib/contract/imports';
import { AppError } from '../../errors';

/** The cells we read, by their meaning; every other column (SEO, Google Shopping, options, …) is ignored. */
type Field =
  | 'handle'
  | 'title'
  | 'description'
  | 'vendor'
  | 'productCategory'
  | 'type'
  | 'published'
  | 'status'
  | 'sku'
  | 'price'
  | 'compareAt'
  | 'quantity'
  | 'image'
  | 'imagePosition'
  | 'variantImage'
  | 'giftCard'
  | 'option1';

/** Each header set's column for each field, as Shopify spells it (compared case-insensitively). */
const headerSets: Record<ImportHeaderSet, Record<Field, string>> = {
  shopify: {
    handle: 'URL handle',
    title: 'Title',
    description: 'Description',
    vendor: 'Vendor',
    productCategory: 'Product category',
    type: 'Type',
    published: 'Published on online store',
    status: 'Status',
    sku: 'SKU',
    price: 'Price',
    compareAt: 'Compare-at price',
    quantity: 'Inventory quantity',
    image: 'Product image URL',
    imagePosition: 'Image position',
    variantImage: 'Variant image URL',
    giftCard: 'Gift card',
    option1: 'Option1 value',
  },
  'shopify-legacy': {
    handle: 'Handle',
    title: 'Title',
    description: 'Body (HTML)',
    vendor: 'Vendor',
    productCategory: 'Product Category',
    type: 'Type',
    published: 'Published',
    status: 'Status',
    sku: 'Variant SKU',
    price: 'Variant Price',
    compareAt: 'Variant Compare At Price',
    quantity: 'Variant Inventory Qty',
    image: 'Image Src',
    imagePosition: 'Image Position',
    variantImage: 'Variant Image',
    giftCard: 'Gift Card',
    option1: 'Option1 Value',
  },
};

/** The columns a file must have to be read as each set. */
const requiredColumns: Record<ImportHeaderSet, Field[]> = {
  shopify: ['handle', 'title', 'price'],
  'shopify-legacy': ['handle', 'title', 'price'],
};

export interface CsvVariant {
  row: number;
  price: string;
  compareAt: string;
  quantity: string;
  sku: string;
  option: string;
}

export interface CsvPicture {
  row: number;
  url: string;
  /** Image position as written (rows without one keep their order after those with one). */
  position: number;
}

/** The rows of one handle. Product-level cells are taken from the first row that fills them. */
export interface CsvProduct {
  handle: string;
  /** The handle was empty (current header set, new product): made from the title. */
  handleMade: boolean;
  row: number;
  rows: number;
  title: string;
  description: string;
  vendor: string;
  productCategory: string;
  type: string;
  published: string;
  status: string;
  giftCard: string;
  variants: CsvVariant[];
  pictures: CsvPicture[];
}

export interface CsvFile {
  headerSet: ImportHeaderSet;
  rows: number;
  products: CsvProduct[];
}

const bad = (message: string) => new AppError(400, message);

/** The file's bytes as text: UTF-8 only (a BOM is dropped), refused when it is not text at all. */
export function csvText(body: Buffer): string {
  if (body.length === 0) throw bad('The file is empty: choose a Shopify product CSV');
  if (body.length > importLimits.maxBytes)
    throw new AppError(
      413,
      `The file is larger than ${importLimits.maxBytes / 1024 / 1024} MB: split it into smaller files`,
    );
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(body);
  } catch {
    throw bad('The file is not UTF-8 text: export it as a CSV file (UTF-8) and try again');
  }
  if (text.includes('\u0000')) throw bad('The file is not a CSV file (it holds binary data)');
  if (text.trim() === '') throw bad('The file is empty: choose a Shopify product CSV');
  return text;
}

function detectHeaderSet(header: string[]): { set: ImportHeaderSet; columns: Map<Field, number> } {
  const names = header.map((h) => h.trim().toLowerCase());
  for (const set of ['shopify', 'shopify-legacy'] as const) {
    const columns = new Map<Field, number>();
    for (const [field, name] of Object.entries(headerSets[set]) as [Field, string][]) {
      const at = names.indexOf(name.toLowerCase());
      if (at >= 0) columns.set(field, at);
    }
    if (requiredColumns[set].every((f) => columns.has(f))) return { set, columns };
  }
  throw bad(
    'Unknown header set: the first row must be the header of a Shopify product CSV, ' +
      'either "Title,URL handle,Description,Vendor,…,Price,…" or "Handle,Title,Body (HTML),Vendor,…,Variant Price,…"',
  );
}

/** A csv-parse error as the staff member can act on it. */
function readError(err: unknown): AppError {
  const e = err as { code?: string; lines?: number; message?: string };
  if (e.code === 'CSV_MAX_RECORD_SIZE')
    return bad(
      `Row ${e.lines ?? '?'} is longer than ${importLimits.maxRowChars / 1024 / 1024} MB: ` +
        'this is not a product CSV (is it one line without line breaks?)',
    );
  return bad(`The CSV cannot be read near line ${e.lines ?? '?'}: ${e.message ?? 'malformed'}`);
}

async function* chunks(text: string): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += 64 * 1024) yield text.slice(i, i + 64 * 1024);
}

const formulaGuard = /^'(?=[=+\-@\t\r])/;

/** A cell as written, less the apostrophe our export puts before a formula-like cell (so the export imports back). */
const cellOf = (record: string[], at: number | undefined) =>
  at === undefined ? '' : (record[at] ?? '').replace(formulaGuard, '').trim();

/** Parses the text (streamed, so a large file does not hold the event loop) and gathers the rows by handle. */
export async function readCsv(text: string, slugify: (s: string) => string): Promise<CsvFile> {
  const { parse } = await import('csv-parse');
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: importLimits.maxRowChars,
  });
  const source = Readable.from(chunks(text));
  source.pipe(parser);
  let header: { set: ImportHeaderSet; columns: Map<Field, number> } | undefined;
  const byHandle = new Map<string, CsvProduct>();
  let row = 0;
  let lastHandle = '';
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      row++;
      if (!header) {
        header = detectHeaderSet(record);
        continue;
      }
      if (record.every((c) => c.trim() === '')) continue;
      const cell = (f: Field) => cellOf(record, header!.columns.get(f));
      let handle = cell('handle');
      let handleMade = false;
      const title = cell('title');
      if (!handle) {
        // The current header set leaves the handle empty for a new product; a row without a handle or a title
        // continues the product above (more pictures).
        if (title) {
          handle = slugify(title);
          handleMade = true;
        } else handle = lastHandle;
      }
      if (!handle) handle = `row-${row}`;
      lastHandle = handle;
      let product = byHandle.get(handle);
      if (!product) {
        product = {
          handle,
          handleMade,
          row,
          rows: 0,
          title: '',
          description: '',
          vendor: '',
          productCategory: '',
          type: '',
          published: '',
          status: '',
          giftCard: '',
          variants: [],
          pictures: [],
        };
        byHandle.set(handle, product);
      }
      product.rows++;
      for (const f of [
        'title',
        'description',
        'vendor',
        'productCategory',
        'type',
        'published',
        'status',
        'giftCard',
      ] as const)
        if (!product[f]) product[f] = cell(f);
      const price = cell('price');
      if (price || cell('sku') || cell('quantity'))
        product.variants.push({
          row,
          price,
          compareAt: cell('compareAt'),
          quantity: cell('quantity'),
          sku: cell('sku'),
          option: cell('option1'),
        });
      const position = Number(cell('imagePosition'));
      for (const url of [cell('image'), cell('variantImage')])
        if (url)
          product.pictures.push({
            row,
            url,
            position: Number.isFinite(position) && position > 0 ? position : Number.MAX_SAFE_INTEGER,
          });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw readError(err);
  }
  if (!header) throw bad('The file is empty: choose a Shopify product CSV');
  if (byHandle.size === 0) throw bad('The file has a header but no products');
  return { headerSet: header.set, rows: row - 1, products: [...byHandle.values()] };
}
