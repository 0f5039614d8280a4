// Staff writes of the catalogue (issue 27, item 3): each in one transaction with its audit row (and its stock
// history row when the stock changes); each empties this process's catalogue cache once it commits, so the
// storefront shows the change on its next read.
import type {
  NamedCreateBody,
  NamedUpdateBody,
  ProductCreateBody,
  ProductUpdateBody,
  StaffCategoryAnswer,
  StaffProductAnswer,
  StockHistoryList,
} from '@/lib/contract/staff';
import type { AppContext } from '../../context';
import { onCommit, pgErrorCode, runInTransaction, type Tx } from '../../db/client';
import { isObjectId, newId } from '../../db/ids';
import { AppError, ValidationError } from '../../errors';
import { metadata, pageOf } from '../../paging';
import { slugify } from '../../seed/seed-data';
import { recordAudit, type Actor } from '../audit';
import * as repo from './repository';
import { serializeStaffCategory, serializeStaffProduct } from './serialize';
import { namedTables, noNamedWithId, noProductWithId, type NamedPath } from './service';
import * as staffRepo from './staff-repository';

const invalid = (param: string, msg: string, value: unknown) =>
  new ValidationError(param, msg, value, 'body');

/** Every answer may show what changed (names inside products, list membership, order): all of it goes. */
function invalidateCatalogue(ctx: AppContext, tx: Tx): void {
  ctx.catalogueCache.invalidate();
  onCommit(tx, () => ctx.catalogueCache.invalidate());
}

/** A picture path as stored: the answer's absolute address (this shop's PUBLIC_URL) loses its origin. */
async function picture(ctx: AppContext, tx: Tx, param: string, value: string): Promise<string> {
  let path = value;
  if (/^https?:\/\//.test(value)) {
    const origin = ctx.config.publicUrl;
    if (!value.startsWith(`${origin}/images/`))
      throw invalid(param, `${param} must be a picture of this shop (${origin}/images/…)`, value);
    path = value.slice(origin.length);
  }
  try {
    path = decodeURI(path);
  } catch {
    throw invalid(param, `${param} is not a picture path`, value);
  }
  if (path.split('/').includes('..')) throw invalid(param, `${param} is not a picture path`, value);
  if (!(await staffRepo.pictureKnown(tx, path)))
    throw invalid(
      param,
      `No picture at ${path}: upload it first, or use a picture the catalogue already has`,
      value,
    );
  return path;
}

async function checkNamedRef(tx: Tx, path: NamedPath, param: string, id: string): Promise<void> {
  const found = isObjectId(id) ? await repo.namedById(tx, namedTables[path].table, id) : undefined;
  if (!found) throw invalid(param, noNamedWithId(path, id), id);
}

/** Slug of a title or name as the seed makes it; a title without a Latin letter or digit gets the id's. */
function slugOf(text: string, fallback: string): string {
  return slugify(text) || fallback;
}

interface ProductDraft {
  title: string;
  categoryId: string;
  subcategoryIds: string[];
  price: number;
  priceAfterDiscount: number | null;
}

async function checkProduct(tx: Tx, id: string, draft: ProductDraft): Promise<string> {
  const subs = await staffRepo.subcategoriesOf(tx, draft.subcategoryIds);
  for (const subId of draft.subcategoryIds) {
    const sub = subs.find((s) => s.id === subId);
    if (!sub || sub.categoryId !== draft.categoryId)
      throw invalid('subcategory', `No subcategory for this id ${subId} in this product's category`, subId);
  }
  if (draft.priceAfterDiscount !== null && draft.priceAfterDiscount > draft.price)
    throw invalid(
      'priceAfterDiscount',
      'priceAfterDiscount must not be more than price',
      draft.priceAfterDiscount,
    );
  const slug = slugOf(draft.title, `product-${id}`);
  await staffRepo.lockSlug(tx, slug);
  if (await staffRepo.productSlugTaken(tx, slug, id))
    throw invalid('title', `A product with this title already exists (slug ${slug})`, draft.title);
  return slug;
}

async function staffProduct(ctx: AppContext, tx: Tx, id: string) {
  const full = await repo.loadProduct(tx, id);
  if (!full) throw new AppError(404, noProductWithId(id));
  return serializeStaffProduct(full, ctx.config.publicUrl);
}

/** The product's row locked (orders of it wait), and how staff saw it before the change. */
export async function lockedProduct(ctx: AppContext, tx: Tx, id: string) {
  const row = await staffRepo.lockProduct(tx, id);
  if (!row) throw new AppError(404, noProductWithId(id));
  return { row, before: await staffProduct(ctx, tx, id) };
}

/** The product as it is now, its audit row, and the cache emptied on commit: the end of every product write. */
export async function productChanged(
  ctx: AppContext,
  tx: Tx,
  actor: Actor,
  change: { action: string; id: string; before: unknown },
  at: Date,
): Promise<StaffProductAnswer> {
  const after = await staffProduct(ctx, tx, change.id);
  const { action, id, before } = change;
  await recordAudit(tx, actor, { action, entity: 'product', entityId: id, before, after }, at);
  invalidateCatalogue(ctx, tx);
  return { data: after };
}

export async function recordStock(
  tx: Tx,
  actor: Actor,
  productId: string,
  before: number,
  after: number,
  reason: string,
  at: Date,
): Promise<void> {
  await staffRepo.insertStockChange(tx, {
    id: newId(),
    productId,
    at,
    actorId: actor.id,
    actorEmail: actor.email,
    before,
    after,
    reason,
  });
}

export async function createProduct(
  ctx: AppContext,
  actor: Actor,
  body: ProductCreateBody,
): Promise<StaffProductAnswer> {
  return runInTransaction(ctx.database.db, async (tx) => {
    const id = newId();
    await checkNamedRef(tx, 'categories', 'category', body.category);
    await checkNamedRef(tx, 'brands', 'brand', body.brand);
    const title = body.title.trim();
    const draft = {
      title,
      categoryId: body.category,
      subcategoryIds: [...new Set(body.subcategory ?? [])],
      price: body.price,
      priceAfterDiscount: body.priceAfterDiscount ?? null,
    };
    const slug = await checkProduct(tx, id, draft);
    const imageCover = await picture(ctx, tx, 'imageCover', body.imageCover);
    const images: string[] = [];
    for (const image of body.images ?? []) images.push(await picture(ctx, tx, 'images', image));
    const now = new Date(ctx.now());
    await staffRepo.insertProduct(tx, {
      id,
      title,
      slug,
      description: body.description,
      titleAr: body.titleAr ?? null,
      descriptionAr: body.descriptionAr ?? null,
      quantity: body.quantity,
      price: body.price,
      priceAfterDiscount: draft.priceAfterDiscount,
      imageCover,
      images,
      categoryId: body.category,
      brandId: body.brand,
      subcategoryIds: draft.subcategoryIds,
      ratingsAverage: 0,
      ratingsQuantity: 0,
      status: body.status ?? 'active',
      createdAt: now,
      updatedAt: now,
    });
    await recordStock(tx, actor, id, 0, body.quantity, 'Product created', now);
    return productChanged(ctx, tx, actor, { action: 'product.create', id, before: null }, now);
  });
}

export const defaultStockReason = 'Stock edited in the back office';

export async function updateProduct(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: ProductUpdateBody,
): Promise<StaffProductAnswer> {
  if (!isObjectId(id)) throw new AppError(404, noProductWithId(id));
  return runInTransaction(ctx.database.db, async (tx) => {
    // Locked first: an order taking stock of it waits, so `before` below is the stock this change replaces.
    const { row, before } = await lockedProduct(ctx, tx, id);
    if (body.category !== undefined) await checkNamedRef(tx, 'categories', 'category', body.category);
    if (body.brand !== undefined) await checkNamedRef(tx, 'brands', 'brand', body.brand);
    const categoryId = body.category ?? row.categoryId;
    const title = body.title?.trim() ?? row.title;
    const draft = {
      title,
      categoryId,
      // A new category without new subcategories leaves the old ones behind (they belong to the old category).
      subcategoryIds: body.subcategory
        ? [...new Set(body.subcategory)]
        : categoryId === row.categoryId
          ? row.subcategoryIds
          : [],
      price: body.price ?? row.price,
      priceAfterDiscount:
        body.priceAfterDiscount !== undefined ? body.priceAfterDiscount : row.priceAfterDiscount,
    };
    const slug = await checkProduct(tx, id, draft);
    const set: Partial<staffRepo.ProductInsert> = {
      title,
      slug,
      categoryId,
      subcategoryIds: draft.subcategoryIds,
      price: draft.price,
      priceAfterDiscount: draft.priceAfterDiscount,
    };
    if (body.imageCover !== undefined) set.imageCover = await picture(ctx, tx, 'imageCover', body.imageCover);
    if (body.images !== undefined) {
      const images: string[] = [];
      for (const image of body.images) images.push(await picture(ctx, tx, 'images', image));
      set.images = images;
    }
    if (body.description !== undefined) set.description = body.description;
    if (body.titleAr !== undefined) set.titleAr = body.titleAr;
    if (body.descriptionAr !== undefined) set.descriptionAr = body.descriptionAr;
    if (body.brand !== undefined) set.brandId = body.brand;
    if (body.status !== undefined) set.status = body.status;
    const now = new Date(ctx.now());
    if (body.quantity !== undefined && body.quantity !== row.quantity) {
      set.quantity = body.quantity;
      await recordStock(
        tx,
        actor,
        id,
        row.quantity,
        body.quantity,
        body.stockReason ?? defaultStockReason,
        now,
      );
    }
    await staffRepo.updateProduct(tx, id, { ...set, updatedAt: now });
    return productChanged(ctx, tx, actor, { action: 'product.update', id, before }, now);
  });
}

/** DELETE /products/{id}: the product is archived (kept for old orders), never deleted. Archiving twice is a no-op. */
export async function archiveProduct(ctx: AppContext, actor: Actor, id: string): Promise<StaffProductAnswer> {
  if (!isObjectId(id)) throw new AppError(404, noProductWithId(id));
  return runInTransaction(ctx.database.db, async (tx) => {
    const { row, before } = await lockedProduct(ctx, tx, id);
    if (row.status === 'archived') return { data: before };
    const now = new Date(ctx.now());
    await staffRepo.updateProduct(tx, id, { status: 'archived', updatedAt: now });
    return productChanged(ctx, tx, actor, { action: 'product.archive', id, before }, now);
  });
}

/** "… (copy)", or "… (copy 2)", "… (copy 3)", … while another product has its slug. */
async function freeCopyTitle(
  tx: Tx,
  original: string,
  copyId: string,
): Promise<{ title: string; slug: string }> {
  for (let n = 1; n <= 100; n++) {
    const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`;
    const title = original.slice(0, 200 - suffix.length) + suffix;
    const slug = slugOf(title, `product-${copyId}`);
    await staffRepo.lockSlug(tx, slug);
    if (!(await staffRepo.productSlugTaken(tx, slug))) return { title, slug };
  }
  throw new AppError(409, 'This product has too many copies already');
}

/**
 * POST /products/{id}/duplicate: a draft copy, titled "… (copy)" ("… (copy 2)", … while taken), with no stock,
 * sales or ratings of its own: staff set its stock and make it active when it is ready.
 */
export async function duplicateProduct(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<StaffProductAnswer> {
  if (!isObjectId(id)) throw new AppError(404, noProductWithId(id));
  return runInTransaction(ctx.database.db, async (tx) => {
    const [row] = await repo.loadProductsByIds(tx, [id]).then((m) => [...m.values()]);
    if (!row) throw new AppError(404, noProductWithId(id));
    const source = row.product;
    const copyId = newId();
    const { title, slug } = await freeCopyTitle(tx, source.title, copyId);
    const now = new Date(ctx.now());
    await staffRepo.insertProduct(tx, {
      ...source,
      id: copyId,
      title,
      slug,
      titleAr: source.titleAr ? `${source.titleAr} (نسخة)` : null,
      // A handle names one product (an import finds it by it): the copy has none of its own yet.
      handle: null,
      quantity: 0,
      sold: 0,
      ratingsAverage: 0,
      ratingsQuantity: 0,
      status: 'draft',
      createdAt: now,
      updatedAt: now,
    });
    const change = { action: 'product.duplicate', id: copyId, before: { copyOf: id } };
    return productChanged(ctx, tx, actor, change, now);
  });
}

export async function readStockHistory(
  ctx: AppContext,
  id: string,
  q: { page: number; limit: number },
): Promise<StockHistoryList> {
  const db = ctx.database.db;
  if (!isObjectId(id) || !(await repo.loadProduct(db, id))) throw new AppError(404, noProductWithId(id));
  const { page, limit } = pageOf(q);
  const { total, rows } = await staffRepo.stockHistoryPage(db, id, limit, (page - 1) * limit);
  return {
    results: total,
    metadata: metadata(total, page, limit),
    data: rows.map((r) => ({
      _id: r.id,
      product: r.productId,
      at: r.at.toISOString(),
      actor: { _id: r.actorId, email: r.actorEmail },
      before: r.before,
      after: r.after,
      reason: r.reason,
    })),
  };
}

const labelOf = (path: NamedPath) => namedTables[path].label;
const alreadyNamed = (path: NamedPath, name: string) => `A ${labelOf(path)} named "${name}" already exists`;

/** A duplicate slipping past the check (two staff at once) meets the unique slug index: the same 400. */
async function refuseDuplicate<T>(path: NamedPath, name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw invalid('name', alreadyNamed(path, name), name);
    throw err;
  }
}

export async function createNamed(
  ctx: AppContext,
  actor: Actor,
  path: NamedPath,
  body: NamedCreateBody,
): Promise<StaffCategoryAnswer> {
  const { table, label } = namedTables[path];
  const name = body.name.trim();
  return refuseDuplicate(path, name, () =>
    runInTransaction(ctx.database.db, async (tx) => {
      const id = newId();
      const slug = slugOf(name, `${label}-${id}`);
      if (await staffRepo.namedTaken(tx, table, name, slug))
        throw invalid('name', alreadyNamed(path, name), name);
      const image = await picture(ctx, tx, 'image', body.image);
      const now = new Date(ctx.now());
      const row = await staffRepo.insertNamed(tx, table, {
        id,
        name,
        nameAr: body.nameAr ?? null,
        slug,
        image,
        createdAt: now,
        updatedAt: now,
      });
      if (!row) throw new Error(`${label} insert returned no row`);
      const after = serializeStaffCategory(row, ctx.config.publicUrl);
      await recordAudit(
        tx,
        actor,
        { action: `${label}.create`, entity: label, entityId: id, before: null, after },
        now,
      );
      invalidateCatalogue(ctx, tx);
      return { data: after };
    }),
  );
}

export async function updateNamed(
  ctx: AppContext,
  actor: Actor,
  path: NamedPath,
  id: string,
  body: NamedUpdateBody,
): Promise<StaffCategoryAnswer> {
  const { table, label } = namedTables[path];
  if (!isObjectId(id)) throw new AppError(404, noNamedWithId(path, id));
  const name = body.name?.trim();
  return refuseDuplicate(path, name ?? '', () =>
    runInTransaction(ctx.database.db, async (tx) => {
      const row = await staffRepo.lockNamed(tx, table, id);
      if (!row) throw new AppError(404, noNamedWithId(path, id));
      const set: Partial<typeof row> = {};
      if (name !== undefined && name !== row.name) {
        const slug = slugOf(name, `${label}-${id}`);
        if (await staffRepo.namedTaken(tx, table, name, slug, id))
          throw invalid('name', alreadyNamed(path, name), name);
        set.name = name;
        set.slug = slug;
      }
      if (body.nameAr !== undefined) set.nameAr = body.nameAr;
      if (body.image !== undefined) set.image = await picture(ctx, tx, 'image', body.image);
      const now = new Date(ctx.now());
      const updated = await staffRepo.updateNamed(tx, table, id, { ...set, updatedAt: now });
      if (!updated) throw new AppError(404, noNamedWithId(path, id));
      const before = serializeStaffCategory(row, ctx.config.publicUrl);
      const after = serializeStaffCategory(updated, ctx.config.publicUrl);
      await recordAudit(
        tx,
        actor,
        { action: `${label}.update`, entity: label, entityId: id, before, after },
        now,
      );
      invalidateCatalogue(ctx, tx);
      return { data: after };
    }),
  );
}

export const namedInUse = (path: NamedPath, n: number) =>
  `This ${labelOf(path)} is used by ${n} product${n === 1 ? '' : 's'}; move them first`;

/** Only a category or brand no product uses (archived ones included: old orders show them) can go. */
export async function deleteNamed(
  ctx: AppContext,
  actor: Actor,
  path: NamedPath,
  id: string,
): Promise<StaffCategoryAnswer> {
  const { table, label } = namedTables[path];
  if (!isObjectId(id)) throw new AppError(404, noNamedWithId(path, id));
  return runInTransaction(ctx.database.db, async (tx) => {
    const row = await staffRepo.lockNamed(tx, table, id);
    if (!row) throw new AppError(404, noNamedWithId(path, id));
    const used = await staffRepo.productsUsing(tx, table, id);
    if (used > 0) throw new AppError(409, namedInUse(path, used));
    await staffRepo.deleteNamed(tx, table, id);
    const now = new Date(ctx.now());
    const before = serializeStaffCategory(row, ctx.config.publicUrl);
    await recordAudit(
      tx,
      actor,
      { action: `${label}.delete`, entity: label, entityId: id, before, after: null },
      now,
    );
    invalidateCatalogue(ctx, tx);
    return { data: before };
  });
}
