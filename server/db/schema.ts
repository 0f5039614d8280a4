import { sql, type SQL } from 'drizzle-orm';
// Product states and roles, as the wire contract spells them.
import { productStatuses, staffRoles as roles } from '@/lib/contract/staff';
import { orderStatuses } from '@/lib/contract/orders';
import { languages } from '@/lib/contract/common';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

// Ids are 24-hex strings (MongoDB ObjectId style), as the wire contract shows; see server/db/ids.ts.
const id = () => text('id').primaryKey();
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    // Stored lower-cased: e-mail addresses compare case-insensitively.
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: roles }).notNull().default('user'),
    // Tokens issued (iat) before this instant are refused: a password change or reset logs out everywhere.
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // The staff order list's keyword: a customer's e-mail or phone by its first characters.
    index('users_email_prefix_idx').on(t.email.op('text_pattern_ops')),
    index('users_phone_prefix_idx').on(t.phone.op('text_pattern_ops')),
    // The back office's customers list: shoppers' accounts, newest (or oldest) first, a deep page from the index.
    index('users_customers_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.role} = 'user'`),
    check('users_role_known', sql`${t.role} in ('user', 'staff', 'admin')`),
  ],
);

// Arabic beside English: `*_ar` columns are optional, and an answer in Arabic falls back to the English value
// of any field left empty (server/modules/catalogue/serialize.ts).
export const categories = pgTable('categories', {
  id: id(),
  name: text('name').notNull(),
  nameAr: text('name_ar'),
  slug: text('slug').notNull().unique(),
  image: text('image').notNull(),
  ...timestamps,
});

export const subcategories = pgTable(
  'subcategories',
  {
    id: id(),
    name: text('name').notNull(),
    nameAr: text('name_ar'),
    slug: text('slug').notNull().unique(),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id),
    ...timestamps,
  },
  (t) => [index('subcategories_category_idx').on(t.categoryId)],
);

export const brands = pgTable('brands', {
  id: id(),
  name: text('name').notNull(),
  nameAr: text('name_ar'),
  slug: text('slug').notNull().unique(),
  image: text('image').notNull(),
  ...timestamps,
});

export const products = pgTable(
  'products',
  {
    id: id(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull(),
    // The description's words as the search matches them, kept by the database (no per-row parsing in a search).
    descriptionWords: tsvector('description_words')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`to_tsvector('simple', ${products.description})`),
    // The title as the search compares it, lower-cased once when written: a search tests it with LIKE and a lower-cased
    // pattern, the same rows as `title ILIKE pattern` (which lower-cases both sides at every row it tests: most of a
    // common word's search was that; bench/notes.md, issue 30).
    titleSearch: text('title_search')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${products.title})`),
    titleAr: text('title_ar'),
    descriptionAr: text('description_ar'),
    // The Arabic title and description as the search compares them: arabic_normalise() (migration 0004, the
    // SQL twin of lib/rules/arabic.ts) folds alef forms, taa marbuta and alef maqsura, drops harakat and
    // tatweel and reads Arabic digits as ASCII, so "أ" in a search finds "ا" in a title and the reverse.
    titleArSearch: text('title_ar_search').generatedAlwaysAs(
      (): SQL => sql`lower(arabic_normalise(${products.titleAr}))`,
    ),
    descriptionArWords: tsvector('description_ar_words').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('simple', arabic_normalise(${products.descriptionAr}))`,
    ),
    // Stock. Never negative: orders take it with a conditional UPDATE, and the CHECK backs that up.
    quantity: integer('quantity').notNull(),
    sold: integer('sold').notNull().default(0),
    // Whole Egyptian pounds, as the contract's prices are.
    price: integer('price').notNull(),
    priceAfterDiscount: integer('price_after_discount'),
    // Image paths are stored relative to the server ("/images/…") and made absolute with PUBLIC_URL
    // when serialised, so a change of PUBLIC_URL never leaves stale addresses in the database.
    imageCover: text('image_cover').notNull(),
    images: text('images').array().notNull(),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id),
    subcategoryIds: text('subcategory_ids').array().notNull(),
    ratingsAverage: real('ratings_average').notNull(),
    ratingsQuantity: integer('ratings_quantity').notNull(),
    // Only 'active' products are on the storefront; 'draft' (a copy being prepared) and 'archived' (retired: it
    // stays in old orders) are seen by staff only. Carts take only active products.
    status: text('status', { enum: productStatuses }).notNull().default('active'),
    // The product's handle in a CSV import (Shopify's "URL handle" / "Handle"): a second import of the same file
    // finds the product by it and changes nothing. Null for products made otherwise (the export writes their slug).
    handle: text('handle'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('products_handle_key').on(t.handle),
    // The list route orders by the sort key, then id (server/modules/catalogue/routes.ts). A category or
    // brand page (default sort -createdAt) reads its first rows in order from these, with no sort step.
    index('products_category_created_idx').on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id),
    index('products_brand_created_idx').on(t.brandId, t.createdAt.desc().nullsFirst(), t.id),
    // The same two for the storefront, which lists active products only: a category's or brand's active products
    // are counted from the index alone and paged in order. Without the status in the index, each of a category's
    // 17,000 rows at 100,000 products was read to test it (31 ms a count; bench/notes.md, issue 30).
    index('products_active_category_created_idx')
      .on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'active'`),
    index('products_active_brand_created_idx')
      .on(t.brandId, t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'active'`),
    index('products_price_idx').on(t.price),
    // The storefront's price range (price[gte], price[lte]) over active products, counted from the index alone: without
    // the status, each of the range's rows was read (24,000 of 100,000 for 100–500 EGP; 99 ms a count).
    index('products_active_price_idx')
      .on(t.price)
      .where(sql`${t.status} = 'active'`),
    // The product list's filter: a category and a price range together.
    index('products_category_price_idx').on(t.categoryId, t.price),
    index('products_created_idx').on(t.createdAt),
    // Every list reads one status (the storefront's: active): counted from this index alone, and a page of one
    // status (the back office's archived products) read in order. The title at the end lets a keyword search's
    // first page (newest first) test the titles in this index alone, in order, stopping at the page's last
    // match, instead of reading every match's row (issue 30; bench/notes.md has the plans).
    index('products_status_created_title_search_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id,
      t.titleSearch,
    ),
    // The back office's stock filter (sold out, low stock).
    index('products_quantity_idx').on(t.quantity),
    index('products_ratings_idx').on(t.ratingsAverage.desc().nullsFirst(), t.id),
    // Best selling first (sort=-sold) reads its page in order.
    index('products_sold_idx').on(t.sold.desc().nullsFirst(), t.id),
    // The picture route draws only pictures the catalogue refers to (server/images/routes.ts).
    index('products_image_cover_idx').on(t.imageCover),
    // Titles are searched by substring (`title_search LIKE '%kw%'`): a B-tree cannot serve a pattern with a leading
    // wildcard; a trigram GIN index (pg_trgm, loaded into PGlite by openDatabase) can.
    index('products_title_search_trgm_idx').using('gin', t.titleSearch.op('gin_trgm_ops')),
    // Descriptions are prose: the search matches their whole words (full text, 'simple': no stemming), not
    // every substring ("shi" would otherwise find each "ships" of every description).
    index('products_description_words_idx').using('gin', t.descriptionWords),
    // The same two searches over the Arabic title and description.
    index('products_title_ar_search_trgm_idx').using('gin', t.titleArSearch.op('gin_trgm_ops')),
    index('products_description_ar_words_idx').using('gin', t.descriptionArWords),
    check('products_quantity_nonneg', sql`${t.quantity} >= 0`),
    check('products_status_known', sql`${t.status} in ('active', 'draft', 'archived')`),
  ],
);

/**
 * The words of product titles, lower-cased (Arabic titles in their search form): the search's dictionary. A misspelt search word is looked up
 * here (pg_trgm word similarity over a few thousand words, not over every title), and the titles are then
 * searched for the words it found. Kept by triggers on products (migrations 0003 and 0004), so rows written by any
 * means (seed, import, psql) are searchable.
 */
/**
 * How many products have each status, kept by the database (statement triggers on products, migration 0020): a
 * list without a filter (the storefront's products, a sort, a page) counts from here instead of counting every
 * active product's index entry (20–30 ms at 100,000 products, on every uncached page).
 */
export const productStatusCounts = pgTable(
  'product_status_counts',
  {
    status: text('status', { enum: productStatuses }).primaryKey(),
    products: integer('products').notNull(),
  },
  (t) => [check('product_status_counts_not_negative', sql`${t.products} >= 0`)],
);

export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    review: text('review').notNull(),
    rating: integer('rating').notNull(),
    ...timestamps,
  },
  (t) => [index('reviews_product_idx').on(t.productId)],
);

export const carts = pgTable(
  'carts',
  {
    id: id(),
    // One cart per user.
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id),
    // The contract's "__v": bumped on every change of the lines.
    version: integer('version').notNull().default(0),
    // Units of all lines together, kept with every change of the lines (server/modules/cart/repository.ts): the
    // per-order cap is checked on this row, which an add has locked, in the add's one statement.
    units: integer('units').notNull().default(0),
    ...timestamps,
  },
  (t) => [check('carts_units_not_negative', sql`${t.units} >= 0`)],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    count: integer('count').notNull(),
    // Unit price when the line was added.
    price: integer('price').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('cart_items_cart_product_key').on(t.cartId, t.productId),
    check('cart_items_count_positive', sql`${t.count} > 0`),
  ],
);

/**
 * An order holds stock while it is neither paid with real money nor delivered nor cancelled: an unpaid cash
 * order, or a card order "paid" on the hosted test page (no money was taken). Stripe-paid orders do not hold.
 */
export const heldOrder = sql`not "is_delivered" and "status" <> 'cancelled' and (not "is_paid" or "payment_provider" = 'test')`;

export const orders = pgTable(
  'orders',
  {
    id: id(),
    // The contract's numeric "id".
    number: serial('number').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    // The cart this order consumed. Unique: a second request for the same cart finds this order.
    sourceCartId: text('source_cart_id').notNull(),
    checkoutSessionId: text('checkout_session_id'),
    shippingDetails: text('shipping_details').notNull(),
    shippingPhone: text('shipping_phone').notNull(),
    shippingCity: text('shipping_city').notNull(),
    taxPrice: integer('tax_price').notNull(),
    shippingPrice: integer('shipping_price').notNull().default(0),
    discountPrice: integer('discount_price').notNull(),
    totalOrderPrice: integer('total_order_price').notNull(),
    paymentMethodType: text('payment_method_type', { enum: ['cash', 'card'] }).notNull(),
    isPaid: boolean('is_paid').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    isDelivered: boolean('is_delivered').notNull().default(false),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    // Who was paid for a card order ('test' = the hosted test page, no money taken; 'stripe'); null for cash.
    paymentProvider: text('payment_provider'),
    // Where the order is in its life (server/modules/orders/states.ts): is_paid and is_delivered follow it, so
    // clients that read only the contract's flags read it right. Every change is a row of order_events.
    status: text('status', { enum: orderStatuses }).notNull().default('placed'),
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'date' }),
    carrier: text('carrier'),
    trackingReference: text('tracking_reference'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    // The language the shopper placed the order in ('en' or 'ar': the cash order's request, the card order's
    // checkout session): the mails about it speak it (server/modules/orders/order-mail.ts).
    language: text('language', { enum: languages }).notNull().default('en'),
    // Stock holds (server/modules/orders/holds.ts): the placing client's address (IPv6 by its /64), and the
    // shipping phone and address in the form the caps compare them. Null on orders from before the caps.
    clientAddress: text('client_address'),
    shippingPhoneKey: text('shipping_phone_key'),
    shippingAddressKey: text('shipping_address_key'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_source_cart_key').on(t.sourceCartId),
    uniqueIndex('orders_checkout_session_key').on(t.checkoutSessionId),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // The staff list (GET /orders): newest first, one status's newest first, by total; each ends in the id the
    // page is cut by, so the rows a deep page skips are read from the index alone.
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_total_idx').on(t.totalOrderPrice, t.id),
    // The list's keyword: a phone number's prefix, in the form the stock caps compare phones.
    index('orders_shipping_phone_key_prefix_idx').on(t.shippingPhoneKey.op('text_pattern_ops')),
    check(
      'orders_status_known',
      sql`${t.status} in ('placed', 'paid', 'processing', 'shipped', 'delivered', 'cancelled')`,
    ),
    check('orders_language_known', sql`${t.language} in ('en', 'ar')`),
    // Only orders that hold stock are summed by the caps: these indexes cover just those.
    index('orders_held_client_idx').on(t.clientAddress).where(heldOrder),
    index('orders_held_phone_idx').on(t.shippingPhoneKey).where(heldOrder),
    index('orders_held_address_idx').on(t.shippingAddressKey).where(heldOrder),
    index('orders_held_user_idx').on(t.userId).where(heldOrder),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    count: integer('count').notNull(),
    price: integer('price').notNull(),
    // Units of this line put back on sale by refunds (server/modules/orders/refunds.ts); a cancel puts back the
    // rest (count − restocked), so no unit goes back twice.
    restocked: integer('restocked').notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
    check('order_items_restocked_range', sql`${t.restocked} >= 0 and ${t.restocked} <= ${t.count}`),
  ],
);

export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;

/**
 * Money given back on a card order (issue 28, server/modules/orders/refunds.ts). A row is written `pending` under
 * the order's row lock before the provider is asked (it reserves its amount: pending and succeeded rows together
 * never exceed the order's total), then becomes `succeeded` (the provider's refund id, the units restocked) or
 * `failed` (the provider's reason). Amounts are whole Egyptian pounds, as every price.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    status: text('status', { enum: refundStatuses }).notNull().default('pending'),
    // 'test' or 'stripe' (the order's payment_provider), and that provider's id for the refund once made.
    provider: text('provider').notNull(),
    providerRefundId: text('provider_refund_id'),
    // The lines whose units go back on sale with this refund: order_items ids and counts.
    restock: jsonb('restock').$type<RefundRestockLine[]>().notNull().default([]),
    failureReason: text('failure_reason'),
    actorId: text('actor_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('order_refunds_provider_refund_key').on(t.provider, t.providerRefundId),
    check('order_refunds_amount_positive', sql`${t.amount} > 0`),
    check('order_refunds_status_known', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

export interface RefundRestockLine {
  lineId: string;
  productId: string;
  count: number;
}

/**
 * Each change of an order's status: from (null when the order was placed), to, when, and who (the account that
 * acted: the shopper or staff; null for the system and for rows written by migration 0011). Staff changes also
 * have their audit-log row.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: orderStatuses }),
    toStatus: text('to_status', { enum: orderStatuses }).notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: text('actor_id').references(() => users.id),
    note: text('note'),
    // A refund recorded in the history (from and to are then the same status: a refund changes none).
    refundId: text('refund_id').references(() => orderRefunds.id),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at, t.id)],
);

export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    cartId: text('cart_id').notNull(),
    provider: text('provider').notNull(), // 'test' | 'stripe'
    providerSessionId: text('provider_session_id'),
    status: text('status').notNull().default('open'), // open | complete | expired | failed
    paymentStatus: text('payment_status').notNull().default('unpaid'), // unpaid | paid
    amountTotal: integer('amount_total').notNull(),
    currency: text('currency').notNull().default('egp'),
    shippingDetails: text('shipping_details').notNull(),
    shippingPhone: text('shipping_phone').notNull(),
    shippingCity: text('shipping_city').notNull(),
    // The address the session was opened from (request.ip): the order it becomes is counted against it.
    clientAddress: text('client_address'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    failureReason: text('failure_reason'),
    // The shopper's language when the session was opened ('en' or 'ar'): the hosted payment page speaks it.
    lang: text('lang').notNull().default('en'),
    // What the shopper is paying for, fixed when the session opens: product, count and unit price of
    // each line. Fulfilment orders exactly these lines (server/payments/fulfil.ts); null only for
    // sessions opened before the snapshot existed.
    lines: jsonb('lines').$type<SessionLineSnapshot[]>(),
    // Set once a payment the shop could not honour was refunded through the provider's API.
    refundId: text('refund_id'),
    orderId: text('order_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (t) => [
    index('checkout_sessions_user_idx').on(t.userId),
    uniqueIndex('checkout_sessions_provider_key').on(t.providerSessionId),
  ],
);

export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    details: text('details').notNull(),
    phone: text('phone').notNull(),
    city: text('city').notNull(),
    // The one the order page chooses first (issue 31): at most one per account, set with PUT /addresses/{id}/default.
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    uniqueIndex('addresses_one_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export interface SessionLineSnapshot {
  productId: string;
  count: number;
  price: number;
}

export const passwordResets = pgTable('password_resets', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  // HMAC-SHA-256 of the 10-digit code keyed with the server secret; the code itself is never stored.
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
  attempts: integer('attempts').notNull().default(0),
  // Wrong guesses sent without an e-mail while this code was live (each is aimed at every live code).
  blindAttempts: integer('blind_attempts').notNull().default(0),
  // After verification: the HMAC of the single-use reset token, and the address that verified.
  tokenHash: text('token_hash'),
  verifiedFrom: text('verified_from'),
  createdAt: timestamps.createdAt,
});

// Tokens ended by Logout before their 90 days (only the SHA-256 of the token is kept), until they would
// have expired anyway.
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_at_idx').on(t.expiresAt)],
);

// Fixed-window counters for limits that must hold across processes and concurrent requests
// (server/auth/attempt-counters.ts): one row per key, counted by one atomic statement.
export const attemptCounters = pgTable('attempt_counters', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  count: integer('count').notNull(),
});

// Development outbox: mail that would have been sent when no SMTP_URL is configured.
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    // The HTML part, for mail that has one (order mail); null for text-only mail.
    html: text('html'),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('outbox_to_idx').on(t.to)],
);

/**
 * Every change staff make (and the admin command line), written in the same transaction as the change: who,
 * when, what, and the entity before and after (JSON as the staff API answers it, or the row's own fields).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // Null for the command line (npm run admin); the e-mail is kept as it was, should the account change.
    actorId: text('actor_id').references(() => users.id),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.at.desc()),
  ],
);

/** Each change of a product's stock by staff: before, after and why (orders' takings are in order_items). */
export const stockHistory = pgTable(
  'stock_history',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: text('actor_id').references(() => users.id),
    actorEmail: text('actor_email').notNull(),
    before: integer('before').notNull(),
    after: integer('after').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [index('stock_history_product_idx').on(t.productId, t.at.desc())],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Pictures staff uploaded (or an import fetched), re-encoded as WebP without metadata. Kept in the database so every
 * API process serves them; each process keeps its resized copies on its own disk. Named by their content's hash, so
 * the same picture uploaded twice is stored once.
 */
export const pictures = pgTable('pictures', {
  name: text('name').primaryKey(),
  data: bytea('data').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  actorId: text('actor_id').references(() => users.id),
  actorEmail: text('actor_email').notNull(),
});

/**
 * A CSV import (server/modules/import): run by the process that received the file, its progress written with each
 * batch, so any process answers GET /imports/{id}. `updated_at` is the heartbeat: a running job not heard of for
 * two minutes was ended with its process (docs/api.md).
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: text('id').primaryKey(),
    actorId: text('actor_id').references(() => users.id),
    actorEmail: text('actor_email').notNull(),
    status: text('status', { enum: ['running', 'done', 'failed'] }).notNull(),
    headerSet: text('header_set').notNull(),
    fileName: text('file_name'),
    rows: integer('rows').notNull(),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    picturesStored: integer('pictures_stored').notNull().default(0),
    picturesSkipped: integer('pictures_skipped').notNull().default(0),
    // The lines of the report (what each product became and why), written when the job ends.
    report: jsonb('report'),
    error: text('error'),
    ...timestamps,
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('import_jobs_created_idx').on(t.createdAt.desc())],
);

/** Pictures an import fetched and stored, by their source URL: a second import of the file fetches none again. */
export const importedPictures = pgTable('imported_pictures', {
  url: text('url').primaryKey(),
  path: text('path').notNull(),
  createdAt: timestamps.createdAt,
});

/**
 * The storefront's home page content (server/modules/home): two rows, the draft staff edit and the published copy
 * shoppers see. `content` is a HomeContent (lib/contract/home.ts), checked before it is written; `version` counts the
 * draft's saves (optimistic concurrency), and the published row carries the version of the draft it copied.
 */
export const homeContent = pgTable(
  'home_content',
  {
    kind: text('kind', { enum: ['draft', 'published'] }).primaryKey(),
    content: jsonb('content').notNull(),
    version: integer('version').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedBy: text('updated_by').references(() => users.id),
  },
  (t) => [check('home_content_kind_known', sql`${t.kind} in ('draft', 'published')`)],
);
