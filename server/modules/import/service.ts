// The CSV import: a preview (nothing written), then a job run in the background by the process that received the
// file, in batches of products, each batch one transaction with its products, stock history, audit rows and the
// job's progress, so GET /imports/{id} from any process shows how far it is. Batches of concurrent imports (any
// process) take turns on an advisory lock, and each batch decides again against the rows it locked: a product
// created by the batch before is updated, never created twice, and a second import of the same file changes nothing.
import pLimit from 'p-limit';
import type {
  ImportCounts,
  ImportJob,
  ImportJobAnswer,
  ImportLine,
  ImportPreviewAnswer,
} from '@/lib/contract/imports';
import type { AppContext } from '../../context';
import { onCommit, runInTransaction, type Tx } from '../../db/client';
import { isObjectId, newId } from '../../db/ids';
import { AppError } from '../../errors';
import { slugify } from '../../seed/seed-data';
import { recordAudit, type Actor } from '../audit';
import { fetchPicture, type FetchPictureOptions, type PictureType } from './fetch-picture';
import { Planner, type Existing, type Planned, type Values } from './plan';
import { csvText, readCsv, type CsvProduct } from './read-csv';
import * as repo from './repository';

/** Keeps a fetched picture and answers its path (`/images/…`); the picture store behind it is another module's. */
export type StorePicture = (bytes: Buffer, contentType: PictureType, actor: Actor) => Promise<string>;

export interface ImportOptions {
  /** Without one, pictures by URL are skipped with a reason (never fetched). */
  storePicture?: StorePicture;
  fetch?: FetchPictureOptions;
  /** Products per transaction (default 500). */
  batchSize?: number;
}

export const noStoreReason = 'pictures are stored once the picture store is wired';
/** A running job not heard of for this long ended with its process. */
export const staleAfterMs = 2 * 60_000;
const previewBatch = 1000;
const picturesAtOnce = 4;

const slugOfTitle = (p: CsvProduct) => slugify(p.title) || `product-${p.handle}`;

function keysOf(batch: CsvProduct[], planner: Planner) {
  const urls = batch.flatMap((p) => p.pictures.map((x) => x.url));
  return {
    handles: batch.map((p) => p.handle),
    ids: batch.flatMap((p) => p.variants.map((v) => v.sku.toLowerCase()).filter(isObjectId)),
    slugs: batch.map(slugOfTitle),
    urls: urls.filter((u) => planner.ownPicture(u) === undefined),
    paths: urls.map((u) => planner.ownPicture(u)).filter((p) => p !== undefined),
  };
}

function countOf(lines: ImportLine[]): ImportCounts {
  const counts: ImportCounts = { create: 0, update: 0, unchanged: 0, refuse: 0 };
  for (const l of lines) counts[l.action]++;
  return counts;
}

function* batches<T>(list: T[], size: number): Generator<T[]> {
  for (let i = 0; i < list.length; i += size) yield list.slice(i, i + size);
}

async function readFile(body: unknown) {
  if (!Buffer.isBuffer(body))
    throw new AppError(400, 'Send the CSV file itself as the body, with Content-Type: text/csv');
  return readCsv(csvText(body), slugify);
}

export async function previewImport(
  ctx: AppContext,
  options: ImportOptions,
  body: unknown,
): Promise<ImportPreviewAnswer> {
  const file = await readFile(body);
  const planner = new Planner({ publicUrl: ctx.config.publicUrl, canStorePictures: !!options.storePicture });
  const lines: ImportLine[] = [];
  const toFetch = new Set<string>();
  for (const batch of batches(file.products, previewBatch)) {
    const look = await repo.lookups(ctx.database.db, keysOf(batch, planner));
    for (const product of batch) {
      const planned = planner.plan(product, look);
      const pathOf = (url: string) => {
        const known = look.pictures.get(url);
        if (known) return known;
        if (!options.storePicture) return null;
        if (planned.values) toFetch.add(url);
        return undefined;
      };
      lines.push(planner.settle(planned, pathOf, () => noStoreReason));
    }
  }
  return {
    data: {
      headerSet: file.headerSet,
      rows: file.rows,
      products: file.products.length,
      counts: countOf(lines),
      picturesToFetch: toFetch.size,
      lines,
    },
  };
}

function serializeJob(row: repo.ImportJobRow, now: number): ImportJob {
  const stale = row.status === 'running' && now - row.updatedAt.getTime() > staleAfterMs;
  return {
    _id: row.id,
    status: stale ? 'failed' : row.status,
    headerSet: row.headerSet as ImportJob['headerSet'],
    fileName: row.fileName,
    rows: row.rows,
    total: row.total,
    processed: row.processed,
    counts: { create: row.created, update: row.updated, unchanged: row.unchanged, refuse: row.refused },
    pictures: { stored: row.picturesStored, skipped: row.picturesSkipped },
    report: (row.report as ImportLine[] | null) ?? [],
    error: stale
      ? 'The import stopped before the end (the server process running it ended). Import the file again: ' +
        'what was imported is kept and is not repeated'
      : row.error,
    actor: { _id: row.actorId, email: row.actorEmail },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function readJob(ctx: AppContext, id: string): Promise<ImportJobAnswer> {
  const row = isObjectId(id) ? await repo.findJob(ctx.database.db, id) : undefined;
  if (!row) throw new AppError(404, `No import for this id ${id}`);
  return { data: serializeJob(row, ctx.now()) };
}

/** POST /imports: the file is read (a bad one is refused before any job exists), the job stored and started. */
export async function startImport(
  ctx: AppContext,
  options: ImportOptions,
  actor: Actor,
  body: unknown,
  fileName: string | undefined,
): Promise<ImportJobAnswer> {
  const file = await readFile(body);
  const now = new Date(ctx.now());
  const row = await repo.insertJob(ctx.database.db, {
    id: newId(),
    actorId: actor.id,
    actorEmail: actor.email,
    status: 'running',
    headerSet: file.headerSet,
    fileName: fileName ?? null,
    rows: file.rows,
    total: file.products.length,
    createdAt: now,
    updatedAt: now,
  });
  ctx.background.run(`CSV import ${row.id}`, () => runImport(ctx, options, actor, row.id, file.products));
  return { data: serializeJob(row, ctx.now()) };
}

/** What the audit log keeps of a product an import wrote: the fields the import sets. */
function snapshot(p: Existing | Values) {
  return {
    handle: p.handle,
    title: p.title,
    description: p.description,
    price: p.price,
    priceAfterDiscount: p.priceAfterDiscount,
    quantity: p.quantity,
    category: p.categoryId,
    subcategory: p.subcategoryIds,
    brand: p.brandId,
    status: p.status,
    imageCover: p.imageCover,
    images: p.images,
  };
}

/** The job's picture work: fetched and stored once per URL, the skipped ones with their reason. */
class Pictures {
  readonly stored = new Map<string, string>();
  readonly skipped = new Map<string, string>();
  private readonly limit = pLimit(picturesAtOnce);

  constructor(
    private readonly options: ImportOptions,
    private readonly actor: Actor,
  ) {}

  /** Fetches and stores the batch's new pictures (outside any transaction: no lock is held while the web answers). */
  async fetchAll(urls: string[], beat: () => Promise<void>): Promise<{ url: string; path: string }[]> {
    const store = this.options.storePicture;
    const fresh = [...new Set(urls)].filter((u) => !this.stored.has(u) && !this.skipped.has(u));
    if (!store) {
      for (const url of fresh) this.skipped.set(url, noStoreReason);
      return [];
    }
    const done: { url: string; path: string }[] = [];
    let sinceBeat = 0;
    await Promise.all(
      fresh.map((url) =>
        this.limit(async () => {
          const got = await fetchPicture(url, this.options.fetch);
          if (!got.ok) this.skipped.set(url, got.reason);
          else {
            try {
              const path = await store(got.bytes, got.contentType, this.actor);
              this.stored.set(url, path);
              done.push({ url, path });
            } catch (err) {
              this.skipped.set(url, `it could not be stored (${(err as Error).message})`);
            }
          }
          if (++sinceBeat >= 20) {
            sinceBeat = 0;
            await beat();
          }
        }),
      ),
    );
    return done;
  }
}

interface BatchResult {
  lines: ImportLine[];
  wrote: boolean;
}

/** One batch in one transaction: decided against the locked rows, written, the job's progress with it. */
async function writeBatch(
  ctx: AppContext,
  tx: Tx,
  planner: Planner,
  pictures: Pictures,
  batch: CsvProduct[],
  actor: Actor,
  fetched: { url: string; path: string }[],
): Promise<BatchResult> {
  await repo.lockImports(tx);
  const keys = keysOf(batch, planner);
  await repo.lockSlugs(tx, keys.slugs);
  await repo.rememberPictures(tx, fetched);
  const look = await repo.lookups(tx, keys, true);
  const now = new Date(ctx.now());
  const lines: ImportLine[] = [];
  const inserts: repo.ProductInsert[] = [];
  const stock: Parameters<typeof repo.insertStockChanges>[1] = [];
  const audits: Parameters<typeof repo.insertAudits>[1] = [];
  const change = (planned: Planned, id: string, before: unknown, after: unknown) => {
    audits.push({
      id: newId(),
      at: now,
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'product.import',
      entity: 'product',
      entityId: id,
      before,
      after,
    });
    planned.line.product = id;
  };
  const stockChange = (productId: string, before: number, after: number, reason: string) =>
    stock.push({
      id: newId(),
      productId,
      at: now,
      actorId: actor.id,
      actorEmail: actor.email,
      before,
      after,
      reason,
    });

  for (const product of batch) {
    const planned = planner.plan(product, look);
    const pathOf = (url: string) => look.pictures.get(url) ?? pictures.stored.get(url) ?? null;
    const line = planner.settle(planned, pathOf, (url) => pictures.skipped.get(url));
    lines.push(line);
    const { values, existing } = planned;
    if (!values) continue;
    if (line.action === 'create') {
      const id = newId();
      inserts.push({
        id,
        ...values,
        titleAr: null,
        descriptionAr: null,
        ratingsAverage: 0,
        ratingsQuantity: 0,
        createdAt: now,
        updatedAt: now,
      });
      stockChange(id, 0, values.quantity, 'Product created by a CSV import');
      change(planned, id, null, snapshot(values));
    } else if (line.action === 'update' && existing) {
      await repo.updateProduct(tx, existing.id, { ...values, updatedAt: now });
      if (existing.quantity !== values.quantity)
        stockChange(existing.id, existing.quantity, values.quantity, 'Stock set by a CSV import');
      change(planned, existing.id, snapshot(existing), snapshot(values));
    }
  }
  await repo.insertProducts(tx, inserts);
  await repo.insertStockChanges(tx, stock);
  await repo.insertAudits(tx, audits);
  const wrote = audits.length > 0;
  if (wrote) {
    ctx.catalogueCache.invalidate();
    onCommit(tx, () => ctx.catalogueCache.invalidate());
  }
  return { lines, wrote };
}

async function runImport(
  ctx: AppContext,
  options: ImportOptions,
  actor: Actor,
  jobId: string,
  products: CsvProduct[],
): Promise<void> {
  const db = ctx.database.db;
  const planner = new Planner({ publicUrl: ctx.config.publicUrl, canStorePictures: !!options.storePicture });
  const pictures = new Pictures(options, actor);
  const report: ImportLine[] = [];
  const beat = () => repo.updateJob(db, jobId, { updatedAt: new Date(ctx.now()) });
  try {
    for (const batch of batches(products, options.batchSize ?? 500)) {
      const { urls } = keysOf(batch, planner);
      const known = new Set((await repo.knownPictures(db, urls)).keys());
      const fetched = await pictures.fetchAll(
        urls.filter((u) => !known.has(u) && /^https?:\/\//i.test(u)),
        beat,
      );
      const done = await runInTransaction(db, async (tx) => {
        const result = await writeBatch(ctx, tx, planner, pictures, batch, actor, fetched);
        const counts = countOf([...report, ...result.lines]);
        await repo.updateJob(tx, jobId, {
          processed: report.length + result.lines.length,
          created: counts.create,
          updated: counts.update,
          unchanged: counts.unchanged,
          refused: counts.refuse,
          picturesStored: pictures.stored.size,
          picturesSkipped: pictures.skipped.size,
          updatedAt: new Date(ctx.now()),
        });
        return result;
      });
      report.push(...done.lines);
    }
    await runInTransaction(db, async (tx) => {
      const now = new Date(ctx.now());
      const counts = countOf(report);
      await repo.updateJob(tx, jobId, {
        status: 'done',
        report,
        updatedAt: now,
        finishedAt: now,
      });
      await recordAudit(
        tx,
        actor,
        {
          action: 'import.run',
          entity: 'import',
          entityId: jobId,
          before: null,
          after: {
            products: report.length,
            counts,
            pictures: { stored: pictures.stored.size, skipped: pictures.skipped.size },
          },
        },
        now,
      );
    });
  } catch (err) {
    const now = new Date(ctx.now());
    await repo.updateJob(db, jobId, {
      status: 'failed',
      report,
      error: `The import stopped: ${(err as Error).message}. What was imported before is kept; import the file again to finish`,
      updatedAt: now,
      finishedAt: now,
    });
    throw err;
  }
}
