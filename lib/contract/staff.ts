// The back office's wire shapes (issue 27): staff writes of the catalogue, the audit log, stock history and staff
// accounts. Same envelopes as the rest of the contract: a record is answered as `{data: …}`, a list as
// `{results, metadata, data: […]}`, a refusal as `{statusMsg, message}` or the validation envelope.
import { Type, type Static } from 'typebox';
import { Category, Product, ProductAnswer, ProductStatus, productListEnvelope } from './catalogue';

export { ProductStatus, productStatuses, ProductStatusFilter } from './catalogue';
import { Id, PageQuery, Timestamp, listEnvelope, orNull } from './common';

export const staffRoles = ['user', 'staff', 'admin'] as const;
export const Role = Type.Union([Type.Literal('user'), Type.Literal('staff'), Type.Literal('admin')]);
export type Role = Static<typeof Role>;

/** What staff see of a product beyond the storefront's shape: both languages as stored, and its status. */
const staffProductFields = {
  titleAr: Type.Union([Type.String(), Type.Null()]),
  descriptionAr: Type.Union([Type.String(), Type.Null()]),
  status: ProductStatus,
};

/** A product as staff see it (answers of the staff writes, and reads with a staff token). */
export const StaffProduct = Type.Object({ ...Product.properties, ...staffProductFields });
export type StaffProduct = Static<typeof StaffProduct>;
export const StaffProductAnswer = Type.Object({ data: StaffProduct });
export type StaffProductAnswer = Static<typeof StaffProductAnswer>;

/**
 * GET /products answers with this: the storefront's product, and, with a staff token only, the staff fields
 * (after the storefront's, so a shopper's answer is byte for byte what it was).
 */
export const ProductListItem = Type.Object({
  ...Product.properties,
  ...Type.Partial(Type.Object(staffProductFields)).properties,
});
export const ProductListWithStaff = productListEnvelope(ProductListItem);
/** GET /products/{id}: the storefront's answer, with the staff fields for a staff token (drafts and archived too). */
export const ProductAnswerWithStaff = Type.Object({
  data: Type.Object({
    ...ProductAnswer.properties.data.properties,
    ...Type.Partial(Type.Object(staffProductFields)).properties,
  }),
});

/**
 * A picture the catalogue already has (this slice; upload comes later): its path as stored (`/images/…`), or the
 * address an answer showed for it (PUBLIC_URL + path), so a record read back can be sent as it is.
 */
const ImagePath = Type.String({
  minLength: 1,
  maxLength: 400,
  // Seeded names hold apostrophes ("men's-fashion.webp"), which an address may also show percent-encoded.
  pattern: "^(https?://[^/?#]+)?/images/[A-Za-z0-9][A-Za-z0-9/_.'%-]*$",
});
const Money = Type.Integer({ minimum: 0, maximum: 10_000_000 });

const Stock = Type.Integer({ minimum: 0, maximum: 1_000_000 });
const Ref = Type.String({ minLength: 1, maxLength: 100 });
/** Why stock changed, kept in its history ('Stock count', 'Delivery', …). */
const StockReason = Type.String({ minLength: 1, maxLength: 200 });

export const productFieldLimits = { titleMin: 3, titleMax: 200, descriptionMax: 5000 } as const;

const productFields = {
  title: Type.String({ minLength: productFieldLimits.titleMin, maxLength: productFieldLimits.titleMax }),
  titleAr: orNull<string>({ type: 'string', maxLength: productFieldLimits.titleMax }),
  description: Type.String({ minLength: 1, maxLength: productFieldLimits.descriptionMax }),
  descriptionAr: orNull<string>({ type: 'string', maxLength: productFieldLimits.descriptionMax }),
  price: Money,
  /** Null (or absent on create) for no discount; at most `price`. */
  priceAfterDiscount: orNull<number>({ type: 'integer', minimum: 0, maximum: 10_000_000 }),
  quantity: Stock,
  category: Ref,
  brand: Ref,
  /** Subcategory ids, each of the product's category. */
  subcategory: Type.Array(Ref, { maxItems: 20 }),
  imageCover: ImagePath,
  images: Type.Array(ImagePath, { maxItems: 20 }),
  status: ProductStatus,
  stockReason: StockReason,
};

/** POST /products. Optional: titleAr, descriptionAr, priceAfterDiscount, subcategory ([]), images ([]), status ('active'). */
export const ProductCreateBody = Type.Object({
  title: productFields.title,
  titleAr: Type.Optional(productFields.titleAr),
  description: productFields.description,
  descriptionAr: Type.Optional(productFields.descriptionAr),
  price: productFields.price,
  priceAfterDiscount: Type.Optional(productFields.priceAfterDiscount),
  quantity: productFields.quantity,
  category: productFields.category,
  brand: productFields.brand,
  subcategory: Type.Optional(productFields.subcategory),
  imageCover: productFields.imageCover,
  images: Type.Optional(productFields.images),
  status: Type.Optional(productFields.status),
});
export type ProductCreateBody = Static<typeof ProductCreateBody>;

/** PUT /products/{id}: any of the fields, at least one; `stockReason` goes into the stock history with `quantity`. */
export const ProductUpdateBody = Type.Partial(Type.Object(productFields), { minProperties: 1 });
export type ProductUpdateBody = Static<typeof ProductUpdateBody>;

/** A category or brand as staff see it: the stored English and Arabic names. */
export const StaffCategory = Type.Object({
  ...Category.properties,
  nameAr: Type.Union([Type.String(), Type.Null()]),
});
export type StaffCategory = Static<typeof StaffCategory>;
export const StaffCategoryAnswer = Type.Object({ data: StaffCategory });
export type StaffCategoryAnswer = Static<typeof StaffCategoryAnswer>;

const namedFields = {
  name: Type.String({ minLength: 2, maxLength: 100 }),
  nameAr: orNull<string>({ type: 'string', maxLength: 100 }),
  image: ImagePath,
};
/** POST /categories and /brands. */
export const NamedCreateBody = Type.Object({
  name: namedFields.name,
  nameAr: Type.Optional(namedFields.nameAr),
  image: namedFields.image,
});
export type NamedCreateBody = Static<typeof NamedCreateBody>;
/** PUT /categories/{id} and /brands/{id}: any of the fields, at least one. */
export const NamedUpdateBody = Type.Partial(Type.Object(namedFields), { minProperties: 1 });
export type NamedUpdateBody = Static<typeof NamedUpdateBody>;

export const Actor = Type.Object({
  /** Null for the command line (npm run admin). */
  _id: Type.Union([Id, Type.Null()]),
  email: Type.String(),
});

export const StockChange = Type.Object({
  _id: Id,
  product: Id,
  at: Timestamp,
  actor: Actor,
  before: Type.Integer(),
  after: Type.Integer(),
  reason: Type.String(),
});
export type StockChange = Static<typeof StockChange>;
export const StockHistoryList = listEnvelope(StockChange);
export type StockHistoryList = Static<typeof StockHistoryList>;

export const AuditEntry = Type.Object({
  _id: Id,
  at: Timestamp,
  actor: Actor,
  /** `<entity>.<verb>`: product.create, product.update, product.archive, product.duplicate, category.create, … */
  action: Type.String(),
  entity: Type.String(),
  entityId: Id,
  /** The entity before and after, as the staff API answers it (null when it did not exist). */
  before: Type.Unknown(),
  after: Type.Unknown(),
});
export type AuditEntry = Static<typeof AuditEntry>;
export const AuditLogList = listEnvelope(AuditEntry);
export type AuditLogList = Static<typeof AuditLogList>;

export const AuditLogQuery = Type.Object({
  ...PageQuery.properties,
  entity: Type.Optional(Type.String({ maxLength: 50 })),
  entityId: Type.Optional(Type.String({ maxLength: 100 })),
  /** The acting account's id. */
  actor: Type.Optional(Type.String({ maxLength: 100 })),
});
export type AuditLogQuery = Static<typeof AuditLogQuery>;

export const StaffAccount = Type.Object({
  _id: Id,
  name: Type.String(),
  email: Type.String(),
  role: Role,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type StaffAccount = Static<typeof StaffAccount>;
export const StaffAccountList = listEnvelope(StaffAccount);
export type StaffAccountList = Static<typeof StaffAccountList>;
export const StaffAccountAnswer = Type.Object({ data: StaffAccount });
export type StaffAccountAnswer = Static<typeof StaffAccountAnswer>;

/** GET /staff: staff and admin accounts; `email` finds one account whatever its role (to promote a shopper). */
export const StaffListQuery = Type.Object({
  ...PageQuery.properties,
  email: Type.Optional(Type.String({ maxLength: 200 })),
});
export type StaffListQuery = Static<typeof StaffListQuery>;
export const RoleBody = Type.Object({ role: Role });
export type RoleBody = Static<typeof RoleBody>;

export { pictureLimits } from './images';

/** POST /pictures (the picture's bytes as the body): where the stored picture is served, and its size. */
export const PictureAnswer = Type.Object({
  data: Type.Object({
    /** The address to show and to send back as a product's imageCover / images or a category's image. */
    image: Type.String(),
    width: Type.Integer(),
    height: Type.Integer(),
    bytes: Type.Integer(),
  }),
});
export type PictureAnswer = Static<typeof PictureAnswer>;

/** POST /products/bulk: one change to many products at once, all or none. */
export const bulkLimits = { maxIds: 100, minPercent: -90, maxPercent: 500 } as const;
export const bulkActions = ['price-percent', 'set-stock', 'archive'] as const;
export const ProductBulkBody = Type.Object({
  ids: Type.Array(Ref, { minItems: 1, maxItems: bulkLimits.maxIds, uniqueItems: true }),
  action: Type.Union(bulkActions.map((a) => Type.Literal(a))),
  /** For price-percent: +10 raises prices (and prices after discount) by 10 %, -15 lowers them by 15 %. */
  percent: Type.Optional(Type.Number({ minimum: bulkLimits.minPercent, maximum: bulkLimits.maxPercent })),
  /** For set-stock: the stock every product gets, and why (kept in each one's stock history). */
  quantity: Type.Optional(Stock),
  stockReason: Type.Optional(StockReason),
});
export type ProductBulkBody = Static<typeof ProductBulkBody>;
export const ProductBulkAnswer = Type.Object({
  /** The products as they are after the change, in the order of `ids`. */
  data: Type.Array(StaffProduct),
});
export type ProductBulkAnswer = Static<typeof ProductBulkAnswer>;
