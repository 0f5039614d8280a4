import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idFromSlug } from '../db/ids';
import { brands, categories, products, reviews, subcategories, users } from '../db/schema';
import {
  describe,
  seedArt,
  seedBrands,
  seedCategories,
  seedProducts,
  seedReviewers,
  seedReviews,
  slugify,
  type SeedProduct,
} from './seed-data';
import {
  arabicOf,
  brandNamesAr,
  categoryNamesAr,
  describeAr,
  editionTitleAr,
  productTitlesAr,
  subcategoryNamesAr,
} from './seed-arabic';
import { brandImagePath, categoryImagePath, productImagePath, renderAll } from '../images/render';
import { createHash } from 'node:crypto';

export interface SeedOptions {
  /** Total number of products wanted (at least the base catalogue); extra ones are generated variants. */
  products?: number;
  /** Folder for renderImages() (DATA_DIR/images); pictures not rendered yet are drawn on first request. */
  imagesDir?: string;
}

export interface SeedResult {
  categories: number;
  subcategories: number;
  brands: number;
  products: number;
  reviews: number;
  images: number;
  /** Renders every picture the catalogue refers to into `imagesDir` (when given); returns the count. */
  renderImages: () => Promise<number>;
}

// Seeded rows get fixed timestamps, so listings sort the same way on every machine and every run.
const epoch = Date.UTC(2025, 0, 1);

function hashInt(key: string, mod: number): number {
  return Number.parseInt(createHash('sha1').update(key).digest('hex').slice(0, 8), 16) % mod;
}

const adjectives = [
  'Classic',
  'Essential',
  'Premium',
  'Everyday',
  'Signature',
  'Urban',
  'Heritage',
  'Studio',
  'Select',
  'Prime',
];

/** The base catalogue, then generated editions of it up to `total` (benchmarks use 10,000). */
function catalogue(
  total: number,
): Array<SeedProduct & { titleAr: string; slug: string; variant: number; base: number }> {
  const base = seedProducts.map((p, i) => ({
    ...p,
    titleAr: arabicOf(productTitlesAr, p.title, 'product'),
    slug: slugify(p.title),
    variant: i,
    base: i,
  }));
  const out = [...base];
  for (let n = base.length; n < total; n++) {
    const b = base[n % base.length]!;
    const edition = Math.floor(n / base.length);
    const adjective = adjectives[edition % adjectives.length]!;
    out.push({
      ...b,
      title: `${adjective} ${b.title} Edition ${edition}`,
      titleAr: editionTitleAr(b.titleAr, edition),
      slug: `${b.slug}-edition-${edition}`,
      price: Math.max(25, Math.round(b.price * (0.8 + hashInt(`${b.slug}:${edition}`, 40) / 100))),
      ...(b.priceAfterDiscount ? { priceAfterDiscount: undefined } : {}),
    });
  }
  return out.slice(0, Math.max(total, base.length));
}

/**
 * Writes the catalogue. Idempotent: ids derive from slugs and rows are upserted, so running it again
 * changes nothing; live figures (stock, sold) of existing products are left alone.
 */
export async function seedCatalogue(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const wanted = catalogue(options.products ?? seedProducts.length);
  const catRows = seedCategories.map((c, i) => ({
    id: idFromSlug('category', c.slug),
    name: c.name,
    nameAr: arabicOf(categoryNamesAr, c.slug, 'category'),
    slug: c.slug,
    image: categoryImagePath(c.slug),
    createdAt: new Date(epoch + i * 60_000),
    updatedAt: new Date(epoch + i * 60_000),
  }));
  const subRows = seedCategories.flatMap((c, ci) =>
    c.subcategories.map((name, si) => ({
      id: idFromSlug('subcategory', slugify(name)),
      name,
      nameAr: arabicOf(subcategoryNamesAr, name, 'subcategory'),
      slug: slugify(name),
      categoryId: idFromSlug('category', c.slug),
      createdAt: new Date(epoch + (ci * 10 + si) * 60_000),
      updatedAt: new Date(epoch + (ci * 10 + si) * 60_000),
    })),
  );
  const brandRows = seedBrands.map((b, i) => ({
    id: idFromSlug('brand', b.slug),
    name: b.name,
    nameAr: arabicOf(brandNamesAr, b.name, 'brand'),
    slug: b.slug,
    image: brandImagePath(b.slug),
    createdAt: new Date(epoch + i * 60_000),
    updatedAt: new Date(epoch + i * 60_000),
  }));
  const subBySlug = new Map(subRows.map((s) => [s.name, s.id]));
  const productRows = wanted.map((p, i) => {
    const key = p.slug;
    const created = new Date(epoch + 86_400_000 + i * 3_600_000);
    const category = seedCategories.find((c) => c.slug === p.category);
    if (!category) throw new Error(`seed: unknown category ${p.category}`);
    const subId = subBySlug.get(p.subcategory);
    if (!subId) throw new Error(`seed: unknown subcategory ${p.subcategory}`);
    return {
      id: idFromSlug('product', key),
      title: p.title,
      slug: key,
      description: describe(p),
      titleAr: p.titleAr,
      descriptionAr: describeAr(p),
      quantity: 40 + hashInt(`${key}:stock`, 220),
      sold: hashInt(`${key}:sold`, 60),
      price: p.price,
      priceAfterDiscount: p.priceAfterDiscount ?? null,
      imageCover: productImagePath(p.kind, p.variant, 0),
      images: [1, 2, 3].map((v) => productImagePath(p.kind, p.variant, v)),
      categoryId: idFromSlug('category', category.slug),
      brandId: idFromSlug('brand', slugify(p.brand)),
      subcategoryIds: [subId],
      ratingsAverage: Math.round((3.6 + hashInt(`${key}:rating`, 15) / 10) * 10) / 10,
      ratingsQuantity: 3 + hashInt(`${key}:ratings`, 180),
      createdAt: created,
      updatedAt: created,
    };
  });

  const reviewerRows = seedReviewers.map((r) => ({
    id: idFromSlug('user', r.email),
    name: r.name,
    email: r.email,
    phone: '01000000000',
    // Not an argon2 hash: nobody can sign in as a seeded reviewer.
    passwordHash: '!seeded-reviewer-no-login',
  }));
  const reviewRows = seedReviews.flatMap(([pi, ri, rating, review], i) => {
    const product = productRows[pi];
    const reviewer = reviewerRows[ri];
    if (!product || !reviewer) return [];
    const at = new Date(epoch + 200 * 86_400_000 + i * 3_600_000);
    return [
      {
        id: idFromSlug('review', `${product.slug}:${reviewer.email}`),
        productId: product.id,
        userId: reviewer.id,
        review,
        rating,
        createdAt: at,
        updatedAt: at,
      },
    ];
  });

  await db.transaction(async (tx) => {
    await tx
      .insert(categories)
      .values(catRows)
      .onConflictDoUpdate({
        target: categories.id,
        set: {
          name: sql`excluded.name`,
          nameAr: sql`excluded.name_ar`,
          slug: sql`excluded.slug`,
          image: sql`excluded.image`,
        },
      });
    await tx
      .insert(subcategories)
      .values(subRows)
      .onConflictDoUpdate({
        target: subcategories.id,
        set: {
          name: sql`excluded.name`,
          nameAr: sql`excluded.name_ar`,
          categoryId: sql`excluded.category_id`,
        },
      });
    await tx
      .insert(brands)
      .values(brandRows)
      .onConflictDoUpdate({
        target: brands.id,
        set: {
          name: sql`excluded.name`,
          nameAr: sql`excluded.name_ar`,
          slug: sql`excluded.slug`,
          image: sql`excluded.image`,
        },
      });
    for (let i = 0; i < productRows.length; i += 500) {
      await tx
        .insert(products)
        .values(productRows.slice(i, i + 500))
        .onConflictDoUpdate({
          target: products.id,
          set: {
            title: sql`excluded.title`,
            description: sql`excluded.description`,
            titleAr: sql`excluded.title_ar`,
            descriptionAr: sql`excluded.description_ar`,
            price: sql`excluded.price`,
            priceAfterDiscount: sql`excluded.price_after_discount`,
            imageCover: sql`excluded.image_cover`,
            images: sql`excluded.images`,
            categoryId: sql`excluded.category_id`,
            brandId: sql`excluded.brand_id`,
            subcategoryIds: sql`excluded.subcategory_ids`,
          },
        });
    }
    await tx.insert(users).values(reviewerRows).onConflictDoNothing();
    if (reviewRows.length) await tx.insert(reviews).values(reviewRows).onConflictDoNothing();
  });
  // Fresh planner statistics and visibility map after a bulk write (PGlite has no autovacuum): the
  // category and brand counts of the list route then run as index-only scans.
  await db.execute(sql`VACUUM ANALYZE products`);

  const paths = [
    ...catRows.map((c) => c.image),
    ...brandRows.map((b) => b.image),
    ...new Set(productRows.flatMap((p) => [p.imageCover, ...p.images])),
  ];
  return {
    categories: catRows.length,
    subcategories: subRows.length,
    brands: brandRows.length,
    products: productRows.length,
    reviews: reviewRows.length,
    images: paths.length,
    renderImages: async () => (options.imagesDir ? renderAll(options.imagesDir, paths, seedArt, 2) : 0),
  };
}

export async function catalogueIsEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(products);
  return Number(row?.n ?? 0) === 0;
}
