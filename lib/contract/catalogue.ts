// Categories, brands, subcategories and products as the contract prints them.
import { Type, type Static, type TSchema } from 'typebox';
import { Id, LangQuery, ObjectId, PageQuery, Timestamp, listEnvelope } from './common';

export const Category = Type.Object({
  _id: Id,
  name: Type.String(),
  slug: Type.String(),
  image: Type.String(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Category = Static<typeof Category>;
/** Brands have the shape of categories. */
export const Brand = Category;
export type Brand = Category;

/** A category or brand inside a product: no timestamps. */
export const CategoryRef = Type.Object({
  _id: Id,
  name: Type.String(),
  slug: Type.String(),
  image: Type.String(),
});
export type CategoryRef = Static<typeof CategoryRef>;

export const Subcategory = Type.Object({
  _id: Id,
  name: Type.String(),
  slug: Type.String(),
  category: Id,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Subcategory = Static<typeof Subcategory>;

/** A subcategory inside a product: no timestamps. */
export const SubcategoryRef = Type.Object({
  _id: Id,
  name: Type.String(),
  slug: Type.String(),
  category: Id,
});
export type SubcategoryRef = Static<typeof SubcategoryRef>;

export const productStatuses = ['active', 'draft', 'archived'] as const;
/**
 * On the storefront ('active'), being prepared ('draft'), or retired ('archived': off the storefront, kept in old
 * orders). Shoppers only ever see active products; staff read the others with `status` (lib/contract/staff.ts).
 */
export const ProductStatus = Type.Union([
  Type.Literal('active'),
  Type.Literal('draft'),
  Type.Literal('archived'),
]);
export type ProductStatus = Static<typeof ProductStatus>;
/** GET /products?status=: 'active' (the default, anyone); the others and 'all' with a staff token only. */
export const ProductStatusFilter = Type.Union([...ProductStatus.anyOf, Type.Literal('all')]);
export type ProductStatusFilter = Static<typeof ProductStatusFilter>;

export const Product = Type.Object({
  sold: Type.Integer(),
  images: Type.Array(Type.String()),
  subcategory: Type.Array(SubcategoryRef),
  ratingsQuantity: Type.Integer(),
  _id: Id,
  title: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  quantity: Type.Integer(),
  price: Type.Integer(),
  priceAfterDiscount: Type.Optional(Type.Integer()),
  imageCover: Type.String(),
  category: CategoryRef,
  brand: CategoryRef,
  ratingsAverage: Type.Number(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  id: Id,
});
export type Product = Static<typeof Product>;

/** A product inside a cart or an order line: no price, description or images. */
export const CartProduct = Type.Object({
  subcategory: Type.Array(SubcategoryRef),
  _id: Id,
  title: Type.String(),
  quantity: Type.Integer(),
  imageCover: Type.String(),
  category: CategoryRef,
  brand: CategoryRef,
  ratingsAverage: Type.Number(),
  id: Id,
});
export type CartProduct = Static<typeof CartProduct>;

/**
 * A keyword search counts its matches up to this many: beyond it the answer says `results: 5000` with
 * `resultsCapped: true` (the storefront shows "5,000+ products"), and its pages end there, as `metadata` says.
 */
export const searchResultsCap = 5000;

/**
 * A page of products. `resultsCapped` (after the contract's keys, only when true): a keyword search matched more
 * than `searchResultsCap` products; `results` is then that cap and `metadata.numberOfPages` the pages it fills.
 */
export function productListEnvelope<T extends TSchema>(item: T) {
  return Type.Object({
    ...listEnvelope(item).properties,
    resultsCapped: Type.Optional(Type.Literal(true)),
  });
}
export const ProductList = productListEnvelope(Product);
export type ProductList = Static<typeof ProductList>;
export const CategoryList = listEnvelope(Category);
export type CategoryList = Static<typeof CategoryList>;
export const SubcategoryList = listEnvelope(Subcategory);
export type SubcategoryList = Static<typeof SubcategoryList>;

export const Review = Type.Object({
  _id: Id,
  review: Type.String(),
  rating: Type.Number(),
  product: Id,
  user: Type.Object({ _id: Id, name: Type.String() }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Review = Static<typeof Review>;

/** One product (GET /products/{id}): with its reviews, newest first. */
export const ProductAnswer = Type.Object({
  data: Type.Object({ ...Product.properties, __v: Type.Integer(), reviews: Type.Array(Review) }),
});
export type ProductAnswer = Static<typeof ProductAnswer>;
export const CategoryAnswer = Type.Object({
  data: Type.Object({ ...Category.properties, __v: Type.Integer() }),
});
export type CategoryAnswer = Static<typeof CategoryAnswer>;
export const SubcategoryAnswer = Type.Object({
  data: Type.Object({ ...Subcategory.properties, __v: Type.Integer() }),
});
export type SubcategoryAnswer = Static<typeof SubcategoryAnswer>;

/**
 * GET /products. `title` (contains, case-insensitive) and `categoryName` (contains, case-sensitive) are the
 * storefront's filters (lib/rules/product-filter.ts); `keyword` is the ranked, typo-tolerant search. Price bounds
 * take any finite number (the storefront sends what parseInt made of the shopper's bounds, maybe negative).
 * `keyword` and `title` holding Arabic letters are looked for in the Arabic titles (and `keyword` in the Arabic
 * descriptions), compared in their search form (lib/rules/arabic.ts), whatever `lang` the answer is in.
 */
export const ProductListQuery = Type.Object({
  ...PageQuery.properties,
  sort: Type.Optional(Type.String({ maxLength: 200 })),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  title: Type.Optional(Type.String({ maxLength: 200 })),
  categoryName: Type.Optional(Type.String({ maxLength: 100 })),
  brand: Type.Optional(ObjectId),
  category: Type.Optional(ObjectId),
  'category[in]': Type.Optional(Type.Array(ObjectId, { maxItems: 50 })),
  'price[gte]': Type.Optional(Type.Number()),
  'price[lte]': Type.Optional(Type.Number()),
  'price[gt]': Type.Optional(Type.Number({ minimum: 0 })),
  'price[lt]': Type.Optional(Type.Number({ minimum: 0 })),
  /** Stock bounds, inclusive (the back office's stock filter: sold out, low, in stock). */
  'quantity[gte]': Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  'quantity[lte]': Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  fields: Type.Optional(Type.String({ maxLength: 300 })),
  status: Type.Optional(ProductStatusFilter),
  ...LangQuery.properties,
});
export type ProductListQuery = Static<typeof ProductListQuery>;
