// The catalogue's CSV import and export (issue 27, item 4): a Shopify product CSV (the current header set or the
// legacy one) is previewed, then imported as a job whose progress any API process answers; the export is our own
// CSV in Shopify's current header set. Staff only. The CSV travels as the request's body (Content-Type: text/csv).
import { Type, type Static } from 'typebox';
import { Id, Timestamp } from './common';
import { Actor } from './staff';

/** The largest CSV file taken (bytes), and the longest row in it (characters). */
export const importLimits = { maxBytes: 10 * 1024 * 1024, maxRowChars: 1024 * 1024 } as const;

export const importHeaderSets = ['shopify', 'shopify-legacy'] as const;
export const ImportHeaderSet = Type.Union([Type.Literal('shopify'), Type.Literal('shopify-legacy')]);
export type ImportHeaderSet = Static<typeof ImportHeaderSet>;

export const importActions = ['create', 'update', 'unchanged', 'refuse'] as const;
export const ImportAction = Type.Union([
  Type.Literal('create'),
  Type.Literal('update'),
  Type.Literal('unchanged'),
  Type.Literal('refuse'),
]);
export type ImportAction = (typeof importActions)[number];

/** What one product of the file (all the rows of one handle) becomes, and why. */
export const ImportLine = Type.Object({
  /** The row of its first line in the file (the header is row 1), and how many rows it has. */
  row: Type.Integer(),
  rows: Type.Integer(),
  handle: Type.String(),
  title: Type.String(),
  action: ImportAction,
  /** Our product (null when created by the job, until it ran, or refused). */
  product: Type.Union([Id, Type.Null()]),
  /** Why it is refused (action "refuse"), in the order found. */
  reasons: Type.Array(Type.String()),
  /** What was decided for it: variants folded, a price rounded, a picture skipped and why. */
  notes: Type.Array(Type.String()),
  /** The fields an update changes (title, description, price, priceAfterDiscount, quantity, …). */
  changes: Type.Array(Type.String()),
});
export type ImportLine = Static<typeof ImportLine>;

export const ImportCounts = Type.Object({
  create: Type.Integer(),
  update: Type.Integer(),
  unchanged: Type.Integer(),
  refuse: Type.Integer(),
});
export type ImportCounts = Static<typeof ImportCounts>;

/** POST /imports/preview: nothing is written. */
export const ImportPreview = Type.Object({
  headerSet: ImportHeaderSet,
  /** Data rows in the file (the header not counted), and the products they make. */
  rows: Type.Integer(),
  products: Type.Integer(),
  counts: ImportCounts,
  /** Pictures the job would fetch by URL (0 when no picture store is configured: they are skipped). */
  picturesToFetch: Type.Integer(),
  lines: Type.Array(ImportLine),
});
export type ImportPreview = Static<typeof ImportPreview>;
export const ImportPreviewAnswer = Type.Object({ data: ImportPreview });
export type ImportPreviewAnswer = Static<typeof ImportPreviewAnswer>;

export const ImportStatus = Type.Union([
  Type.Literal('running'),
  Type.Literal('done'),
  Type.Literal('failed'),
]);
export type ImportStatus = Static<typeof ImportStatus>;

/** An import job (POST /imports, GET /imports/{id}). */
export const ImportJob = Type.Object({
  _id: Id,
  status: ImportStatus,
  headerSet: ImportHeaderSet,
  fileName: Type.Union([Type.String(), Type.Null()]),
  rows: Type.Integer(),
  /** Products in the file, and how many the job has handled so far. */
  total: Type.Integer(),
  processed: Type.Integer(),
  counts: ImportCounts,
  pictures: Type.Object({ stored: Type.Integer(), skipped: Type.Integer() }),
  /** Every product's line once the job is done (empty before). */
  report: Type.Array(ImportLine),
  /** Why a failed job stopped. */
  error: Type.Union([Type.String(), Type.Null()]),
  actor: Actor,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  finishedAt: Type.Union([Timestamp, Type.Null()]),
});
export type ImportJob = Static<typeof ImportJob>;
export const ImportJobAnswer = Type.Object({ data: ImportJob });
export type ImportJobAnswer = Static<typeof ImportJobAnswer>;

/** POST /imports/preview and POST /imports: `name`, the file's name as chosen, is kept with the job. */
export const ImportQuery = Type.Object({ name: Type.Optional(Type.String({ maxLength: 200 })) });
export type ImportQuery = Static<typeof ImportQuery>;

/** The export's columns: a subset of Shopify's current header set, so the file imports back as it is. */
export const exportColumns = [
  'Title',
  'URL handle',
  'Description',
  'Vendor',
  'Product category',
  'Type',
  'Status',
  'SKU',
  'Price',
  'Compare-at price',
  'Inventory quantity',
  'Product image URL',
  'Image position',
] as const;
