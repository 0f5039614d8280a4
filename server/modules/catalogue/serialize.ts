import type {
  CartProduct,
  Category,
  CategoryRef,
  Product,
  Subcategory,
  SubcategoryRef,
} from '@/lib/contract/catalogue';
import type { BrandRow, CategoryRow, ProductWithRelations, SubcategoryRow } from './repository';

/** Image paths are stored relative ("/images/..."); the wire wants absolute URLs. */
export function imageUrl(publicUrl: string, stored: string): string {
  if (/^https?:\/\//.test(stored)) return stored;
  return publicUrl + stored;
}

export function serializeCategory(c: CategoryRow | BrandRow, publicUrl: string): Category {
  return {
    _id: c.id,
    name: c.name,
    slug: c.slug,
    image: imageUrl(publicUrl, c.image),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export function serializeSubcategory(s: SubcategoryRow): Subcategory {
  return {
    _id: s.id,
    name: s.name,
    slug: s.slug,
    category: s.categoryId,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

function nested(c: CategoryRow | BrandRow, publicUrl: string): CategoryRef {
  return { _id: c.id, name: c.name, slug: c.slug, image: imageUrl(publicUrl, c.image) };
}

function nestedSub(s: SubcategoryRow): SubcategoryRef {
  return { _id: s.id, name: s.name, slug: s.slug, category: s.categoryId };
}

export function serializeProduct(p: ProductWithRelations, publicUrl: string): Product {
  const { product } = p;
  return {
    sold: product.sold,
    images: product.images.map((i) => imageUrl(publicUrl, i)),
    subcategory: p.subcategories.map(nestedSub),
    ratingsQuantity: product.ratingsQuantity,
    _id: product.id,
    title: product.title,
    slug: product.slug,
    description: product.description,
    quantity: product.quantity,
    price: product.price,
    ...(product.priceAfterDiscount != null ? { priceAfterDiscount: product.priceAfterDiscount } : {}),
    imageCover: imageUrl(publicUrl, product.imageCover),
    category: nested(p.category, publicUrl),
    brand: nested(p.brand, publicUrl),
    ratingsAverage: product.ratingsAverage,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
    id: product.id,
  };
}

/** A product inside a cart or an order: no price, description or images. */
export function serializeCartProduct(p: ProductWithRelations, publicUrl: string): CartProduct {
  return {
    subcategory: p.subcategories.map(nestedSub),
    _id: p.product.id,
    title: p.product.title,
    quantity: p.product.quantity,
    imageCover: imageUrl(publicUrl, p.product.imageCover),
    category: nested(p.category, publicUrl),
    brand: nested(p.brand, publicUrl),
    ratingsAverage: p.product.ratingsAverage,
    id: p.product.id,
  };
}
