// Categories, brands, subcategories and products as the contract prints them.
import { Type, type Static } from 'typebox';
import { Id, Timestamp, listEnvelope } from './common';

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
export const CategoryRef = Type.Object({ _id: Id, name: Type.String(), slug: Type.String(), image: Type.String() });
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
export const SubcategoryRef = Type.Object({ _id: Id, name: Type.String(), slug: Type.String(), category: Id });
export type SubcategoryRef = Static<typeof SubcategoryRef>;

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

export const ProductList = listEnvelope(Product);
export type ProductList = Static<typeof ProductList>;
export const CategoryList = listEnvelope(Category);
export const SubcategoryList = listEnvelope(Subcategory);
export const ProductAnswer = Type.Object({ data: Product });
export const CategoryAnswer = Type.Object({ data: Category });
export const SubcategoryAnswer = Type.Object({ data: Subcategory });
