// What each product of a CSV becomes: created, updated (which fields), unchanged, or refused (and why). The same
// decisions serve the preview (nothing written) and the job (each batch decided again inside its transaction,
// against the rows it locked). The rules, in docs/api.md "Import and export":
// - one handle is one product; our catalogue has no variants: the first variant's price, the variants' stock summed;
// - Shopify's "Compare-at price" above the price is our price, the price our priceAfterDiscount;
// - prices are whole pounds (rounded, said in a note); negative prices or stock, or past the shop's limits, refuse;
// - Vendor is the brand and Type (else the last matching level of Product category) the category or subcategory,
//   matched by name or slug, case-insensitively; an unknown one refuses the row (categories and brands carry
//   pictures and the storefront's menus: staff add them first);
// - Status active/draft/archived as ours; without one, "Published" FALSE is a draft;
// - the CSV has one language: it fills the English title and description; the Arabic ones stay as they were
//   (null for a new product: the storefront's Arabic falls back to the English text);
// - a product is found by its SKU when that is one of our product ids (our export writes them), else by handle.
import type { ImportAction, ImportLine } from '@/lib/contract/imports';
import { productFieldLimits } from '@/lib/contract/staff';
import { isObjectId } from '../../db/ids';
import { slugify } from '../../seed/seed-data';
import { htmlToText } from './html-text';
import type { CsvProduct } from './read-csv';

const maxMoney = 10_000_000;
const maxStock = 1_000_000;
/** A cover and the gallery's 20 pictures (the staff form's limit). */
const maxPictures = 21;

export interface Named {
  id: string;
  name: string;
  slug: string;
  image?: string;
}

export interface Existing {
  id: string;
  handle: string | null;
  title: string;
  slug: string;
  description: string;
  price: number;
  priceAfterDiscount: number | null;
  quantity: number;
  categoryId: string;
  brandId: string;
  subcategoryIds: string[];
  status: 'active' | 'draft' | 'archived';
  imageCover: string;
  images: string[];
}

/** What the planner needs of the database, for the products at hand. */
export interface Lookups {
  categories: (Named & { image: string })[];
  subcategories: (Named & { categoryId: string })[];
  brands: Named[];
  byHandle: Map<string, Existing>;
  byId: Map<string, Existing>;
  /** Products (ids) holding each slug. */
  slugOwners: Map<string, string[]>;
  /** Pictures already fetched by an earlier import: source URL → stored path. */
  pictures: Map<string, string>;
  /** Which of this shop's own picture paths named in the batch the catalogue has. */
  ownPaths: Set<string>;
}

/** What an import writes of a product (a handle always). */
export type Values = Omit<Existing, 'id' | 'handle'> & { handle: string };

export interface Planned {
  line: ImportLine;
  existing?: Existing;
  values?: Values;
  /** Picture URLs in order (the first is the cover), each already a stored path or still to fetch. */
  pictureUrls: string[];
}

export interface PlanContext {
  publicUrl: string;
  /** Whether pictures by URL can be stored (a picture store is configured). */
  canStorePictures: boolean;
}

const lower = (s: string) => s.trim().toLowerCase();

function findNamed<T extends Named>(list: T[], text: string): T | undefined {
  const name = lower(text);
  const slug = slugify(text);
  return list.find((n) => lower(n.name) === name || (slug !== '' && n.slug === slug));
}

function parseMoney(cell: string, what: string, row: number, reasons: string[]): number | null {
  if (cell === '') return null;
  const value = Number(cell.replace(/,/g, ''));
  if (!Number.isFinite(value)) reasons.push(`${what} is not a number (row ${row}: ${cell})`);
  else if (value < 0) reasons.push(`${what} must be at least 0 (row ${row}: ${cell})`);
  else if (value > maxMoney) reasons.push(`${what} must be at most 10,000,000 (row ${row}: ${cell})`);
  else return value;
  return null;
}

/** The state of one run through a file: a handle or a title met twice in it refuses the second. */
export class Planner {
  private readonly slugsInFile = new Map<string, string>();

  constructor(private readonly ctx: PlanContext) {}

  /** An address of this shop's own pictures is its stored path; any other http(s) address is fetched. */
  ownPicture(url: string): string | undefined {
    const prefix = `${this.ctx.publicUrl}/images/`;
    if (!url.startsWith(prefix)) return undefined;
    try {
      const path = decodeURI(url.slice(this.ctx.publicUrl.length));
      return path.split('/').includes('..') ? undefined : path;
    } catch {
      return undefined;
    }
  }

  plan(csv: CsvProduct, look: Lookups): Planned {
    const reasons: string[] = [];
    const notes: string[] = [];
    const line: ImportLine = {
      row: csv.row,
      rows: csv.rows,
      handle: csv.handle,
      title: csv.title,
      action: 'refuse',
      product: null,
      reasons,
      notes,
      changes: [],
    };
    // A refused product's line says why, and nothing of what would have been made of it.
    const refused = (): Planned => ({ line: { ...line, notes: [] }, pictureUrls: [] });

    // Found by SKU (one of our ids, as our export writes them), else by handle.
    const sku = csv.variants.find((v) => isObjectId(v.sku) && look.byId.has(v.sku.toLowerCase()))?.sku;
    const byHandle = look.byHandle.get(csv.handle);
    const existing = sku ? look.byId.get(sku.toLowerCase()) : byHandle;
    if (existing && byHandle && byHandle.id !== existing.id)
      reasons.push(`The handle ${csv.handle} is another product's (${byHandle.id})`);
    if (csv.handleMade) notes.push(`No handle: made from the title (${csv.handle})`);
    if (csv.handle.length > 255) reasons.push('The handle is longer than 255 characters');

    const title = csv.title;
    if (!title) reasons.push(`No title (row ${csv.row})`);
    else if (title.length < productFieldLimits.titleMin || title.length > productFieldLimits.titleMax)
      reasons.push(
        `The title must be ${productFieldLimits.titleMin} to ${productFieldLimits.titleMax} characters (it has ${title.length})`,
      );
    if (lower(csv.giftCard) === 'true') reasons.push('Gift cards are not products of this shop');

    const brand = csv.vendor ? findNamed(look.brands, csv.vendor) : undefined;
    if (!csv.vendor) reasons.push('No vendor: every product needs a brand');
    else if (!brand) reasons.push(`No brand named "${csv.vendor}": add it under Brands first`);

    // Type first, then Product category's levels from the most precise ("Apparel > Shirts": Shirts, then Apparel).
    const candidates = [csv.type, ...csv.productCategory.split('>').reverse()]
      .map((s) => s.trim())
      .filter(Boolean);
    let categoryId: string | undefined;
    let subcategoryIds: string[] = [];
    for (const text of candidates) {
      const category = findNamed(look.categories, text);
      if (category) {
        categoryId = category.id;
        break;
      }
      const sub = findNamed(look.subcategories, text);
      if (sub) {
        categoryId = sub.categoryId;
        subcategoryIds = [sub.id];
        break;
      }
    }
    if (candidates.length === 0) reasons.push('No category: fill in Type or Product category');
    else if (!categoryId)
      reasons.push(
        `No category or subcategory named ${candidates.map((c) => `"${c}"`).join(' or ')}: add it under Categories first`,
      );

    const statusCell = lower(csv.status);
    let status: Values['status'] = 'active';
    if (statusCell === 'active' || statusCell === 'draft' || statusCell === 'archived') status = statusCell;
    else if (statusCell) reasons.push(`Unknown status "${csv.status}" (active, draft or archived)`);
    else if (lower(csv.published) === 'false') status = 'draft';

    // Variants: the first one's price, every one's stock.
    const priced = csv.variants.filter((v) => v.price !== '');
    let price: number | null = null;
    let priceAfterDiscount: number | null = null;
    if (priced.length === 0) reasons.push('No price');
    else {
      const first = priced[0]!;
      const p = parseMoney(first.price, 'Price', first.row, reasons);
      const compare = parseMoney(first.compareAt, 'Compare-at price', first.row, reasons);
      if (p !== null) {
        const whole = Math.round(p);
        if (whole !== p) notes.push(`Price ${first.price} rounded to ${whole} EGP (prices are whole pounds)`);
        const compareWhole = compare === null ? null : Math.round(compare);
        if (compareWhole !== null && compareWhole > whole) {
          price = compareWhole;
          priceAfterDiscount = whole;
        } else price = whole;
      }
      for (const v of priced.slice(1)) parseMoney(v.price, 'Price', v.row, reasons);
    }
    let quantity = 0;
    for (const v of csv.variants) {
      if (v.quantity === '') continue;
      const n = Number(v.quantity);
      if (!Number.isInteger(n))
        reasons.push(`Inventory quantity is not a whole number (row ${v.row}: ${v.quantity})`);
      else if (n < 0) reasons.push(`Inventory quantity must be at least 0 (row ${v.row}: ${v.quantity})`);
      else quantity += n;
    }
    if (quantity > maxStock)
      reasons.push(`Stock must be at most 1,000,000 (the variants sum to ${quantity})`);
    if (csv.variants.length > 1)
      notes.push(
        `${csv.variants.length} variants in one product: the first variant's price (row ${priced[0]?.row ?? csv.row}), ` +
          `their stock summed (${quantity})`,
      );

    let description = htmlToText(csv.description);
    if (description === '') {
      description = title;
      if (title) notes.push('No description: the title stands in');
    } else if (description.length > productFieldLimits.descriptionMax) {
      description = description.slice(0, productFieldLimits.descriptionMax);
      notes.push(`The description was cut to ${productFieldLimits.descriptionMax} characters`);
    }

    const slug = slugify(title) || `product-${csv.handle}`;
    if (title) {
      const owners = (look.slugOwners.get(slug) ?? []).filter((id) => id !== existing?.id);
      const inFile = this.slugsInFile.get(slug);
      if (owners.length > 0) reasons.push(`A product with this title already exists (slug ${slug})`);
      else if (inFile !== undefined && inFile !== csv.handle)
        reasons.push(`Another product of this file (${inFile}) has this title (slug ${slug})`);
    }

    const pictureUrls: string[] = [];
    const ordered = [...csv.pictures].sort((a, b) => a.position - b.position || a.row - b.row);
    for (const picture of ordered) {
      if (pictureUrls.includes(picture.url)) continue;
      if (!/^https?:\/\//i.test(picture.url)) {
        notes.push(`Picture skipped (row ${picture.row}): only http and https addresses are fetched`);
        continue;
      }
      const own = this.ownPicture(picture.url);
      if (own !== undefined && !look.ownPaths.has(own)) {
        notes.push(`Picture skipped (row ${picture.row}): this shop has no picture at ${own}`);
        continue;
      }
      if (pictureUrls.length >= maxPictures) {
        notes.push(`Picture skipped (row ${picture.row}): a product has at most ${maxPictures} pictures`);
        continue;
      }
      pictureUrls.push(picture.url);
    }

    if (reasons.length > 0 || price === null || !categoryId || !brand) return refused();
    this.slugsInFile.set(slug, csv.handle);
    if (existing) {
      line.product = existing.id;
      // A product keeps its subcategories while its category stays.
      if (subcategoryIds.length === 0 && existing.categoryId === categoryId)
        subcategoryIds = existing.subcategoryIds;
    }
    const category = look.categories.find((c) => c.id === categoryId)!;
    const values: Values = {
      handle: csv.handle,
      title,
      slug,
      description,
      price,
      priceAfterDiscount,
      quantity,
      categoryId,
      subcategoryIds,
      brandId: brand.id,
      status,
      imageCover: existing?.imageCover ?? category.image,
      images: existing?.images ?? [],
    };
    return { line, existing, values, pictureUrls };
  }

  /**
   * The pictures settled (this shop's own as they are; each other URL a stored path, or null when it was skipped,
   * with the reason) and the action decided: `pathOf` answers a path, null (skipped: `skipped` says why) or
   * undefined (still to fetch: preview).
   */
  settle(
    planned: Planned,
    pathOf: (url: string) => string | null | undefined,
    skipped: (url: string) => string | undefined,
  ): ImportLine {
    const { line, values, existing } = planned;
    if (!values) return line;
    const paths: string[] = [];
    let pending = 0;
    for (const url of planned.pictureUrls) {
      const path = this.ownPicture(url) ?? pathOf(url);
      if (path) paths.push(path);
      else if (path === undefined) pending++;
      else line.notes.push(`Picture skipped: ${url} (${skipped(url) ?? 'not fetched'})`);
    }
    if (paths.length > 0) {
      values.imageCover = paths[0]!;
      values.images = paths.slice(1);
    } else if (!existing && pending === 0)
      line.notes.push("No picture: the category's picture stands in until one is added");
    line.changes = existing ? changedFields(existing, values) : [];
    if (existing && pending > 0 && !line.changes.includes('pictures')) line.changes.push('pictures');
    const action: ImportAction = !existing ? 'create' : line.changes.length > 0 ? 'update' : 'unchanged';
    line.action = action;
    return line;
  }
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

export function changedFields(existing: Existing, values: Values): string[] {
  const changes: string[] = [];
  // Our export writes a product without a handle under its slug: reading that back is no change.
  if (existing.handle !== values.handle && !(existing.handle === null && values.handle === existing.slug))
    changes.push('handle');
  if (existing.title !== values.title) changes.push('title');
  if (existing.description !== values.description) changes.push('description');
  if (existing.price !== values.price) changes.push('price');
  if (existing.priceAfterDiscount !== values.priceAfterDiscount) changes.push('priceAfterDiscount');
  if (existing.quantity !== values.quantity) changes.push('quantity');
  if (existing.categoryId !== values.categoryId) changes.push('category');
  if (!sameList(existing.subcategoryIds, values.subcategoryIds)) changes.push('subcategory');
  if (existing.brandId !== values.brandId) changes.push('brand');
  if (existing.status !== values.status) changes.push('status');
  if (existing.imageCover !== values.imageCover || !sameList(existing.images, values.images))
    changes.push('pictures');
  return changes;
}
