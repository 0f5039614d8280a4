import type {
  CartProduct,
  Category,
  CategoryRef,
  Product,
  Subcategory,
  SubcategoryRef,
} from '@/lib/contract/catalogue';
import type { Language } from '@/lib/contract/common';
import type { StaffCategory, StaffProduct } from '@/lib/contract/staff';
import type {
  BrandRow,
  CartProductRow,
  CategoryRow,
  ProductWithRelations,
  SubcategoryRow,
} from './repository';

/** Image paths are stored relative ("/images/..."); the wire wants absolute URLs. */
export function imageUrl(publicUrl: string, stored: string): string {
  if (/^https?:\/\//.test(stored)) return stored;
  return publicUrl + stored;
}

/**
 * A text in the answer's language: the Arabic value when Arabic is asked for and the row has one, else the
 * English. Field by field, so a product with an Arabic title but no Arabic description shows both it has.
 */
export function localised(lang: Language, english: string, arabic: string | null | undefined): string {
  return lang === 'ar' && arabic != null && arabic.trim() !== '' ? arabic : english;
}

export function serializeCategory(c: CategoryRow | BrandRow, publicUrl: string, lang: Language): Category {
  return {
    _id: c.id,
    name: localised(lang, c.name, c.nameAr),
    slug: c.slug,
    image: imageUrl(publicUrl, c.image),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export function serializeSubcategory(s: SubcategoryRow, lang: Language): Subcategory {
  return {
    _id: s.id,
    name: localised(lang, s.name, s.nameAr),
    slug: s.slug,
    category: s.categoryId,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

function nested(c: CartProductRow['category'], publicUrl: string, lang: Language): CategoryRef {
  return {
    _id: c.id,
    name: localised(lang, c.name, c.nameAr),
    slug: c.slug,
    image: imageUrl(publicUrl, c.image),
  };
}

function nestedSub(s: CartProductRow['subcategories'][number], lang: Language): SubcategoryRef {
  return { _id: s.id, name: localised(lang, s.name, s.nameAr), slug: s.slug, category: s.categoryId };
}

export function serializeProduct(p: ProductWithRelations, publicUrl: string, lang: Language): Product {
  const { product } = p;
  return {
    sold: product.sold,
    images: product.images.map((i) => imageUrl(publicUrl, i)),
    subcategory: p.subcategories.map((s) => nestedSub(s, lang)),
    ratingsQuantity: product.ratingsQuantity,
    _id: product.id,
    title: localised(lang, product.title, product.titleAr),
    slug: product.slug,
    description: localised(lang, product.description, product.descriptionAr),
    quantity: product.quantity,
    price: product.price,
    ...(product.priceAfterDiscount != null ? { priceAfterDiscount: product.priceAfterDiscount } : {}),
    imageCover: imageUrl(publicUrl, product.imageCover),
    category: nested(p.category, publicUrl, lang),
    brand: nested(p.brand, publicUrl, lang),
    ratingsAverage: product.ratingsAverage,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
    id: product.id,
  };
}

/** A product inside a cart or an order: no price, description or images. */
export function serializeCartProduct(p: CartProductRow, publicUrl: string, lang: Language): CartProduct {
  return {
    subcategory: p.subcategories.map((s) => nestedSub(s, lang)),
    _id: p.id,
    title: localised(lang, p.title, p.titleAr),
    quantity: p.quantity,
    imageCover: imageUrl(publicUrl, p.imageCover),
    category: nested(p.category, publicUrl, lang),
    brand: nested(p.brand, publicUrl, lang),
    ratingsAverage: p.ratingsAverage,
    id: p.id,
  };
}

/** A product as staff see it: the storefront's English answer, both languages as stored, and its status. */
export function serializeStaffProduct(p: ProductWithRelations, publicUrl: string): StaffProduct {
  return {
    ...serializeProduct(p, publicUrl, 'en'),
    titleAr: p.product.titleAr,
    descriptionAr: p.product.descriptionAr,
    status: p.product.status,
  };
}

export function serializeStaffCategory(c: CategoryRow | BrandRow, publicUrl: string): StaffCategory {
  return { ...serializeCategory(c, publicUrl, 'en'), nameAr: c.nameAr };
}
