// The one module that knows the staff API's wire format (vercel/commerce style): react-admin's calls become the
// contract's REST calls, and the answers are reshaped into the records the screens use (`id` on everything,
// a product's category and brand as ids for the forms with their names beside them).
import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import type { Category, CategoryRef, Product } from '@/lib/contract/catalogue';
import type { ListEnvelope } from '@/lib/contract/common';
import type { Order, OrderAnswer, RefundRequest, ShipBody } from '@/lib/contract/orders';
import { queryString, request } from './client';
import { actionBody, orderListQuery, reshapeOrder, type OrderAction, type OrderRecord } from './orders';
import { lowStockLimit, readCustomers, readDashboard, type DashboardFigures } from './reports';

/** Product fields only a staff answer carries (the staff API adds them; the public answer has neither). */
export type ProductStatus = 'active' | 'archived';
export type StaffProduct = Product & { titleAr?: string; descriptionAr?: string; status?: ProductStatus };

export interface ProductRecord extends RaRecord {
  id: string;
  title: string;
  titleAr: string;
  description: string;
  descriptionAr: string;
  price: number;
  priceAfterDiscount: number | null;
  quantity: number;
  sold: number;
  imageCover: string;
  images: string[];
  category: string;
  brand: string;
  categoryName: string;
  brandName: string;
  status: ProductStatus;
  ratingsAverage: number;
  createdAt: string;
  updatedAt: string;
}

export interface TaxonomyRecord extends RaRecord {
  id: string;
  name: string;
  slug: string;
  image: string;
  createdAt: string;
  updatedAt: string;
}

export interface AuditRow {
  _id: string;
  at: string;
  actor: { id: string; email: string };
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}
export interface AuditRecord extends RaRecord {
  id: string;
  at: string;
  actorEmail: string;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

export interface StockChange {
  at: string;
  actor: string | { id?: string; email?: string };
  before: number;
  after: number;
  reason: string;
}

/** The body of POST /products and (partial) PUT /products/{id}. */
export interface ProductWrite {
  title?: string;
  titleAr?: string;
  description?: string;
  descriptionAr?: string;
  price?: number;
  priceAfterDiscount?: number | null;
  quantity?: number;
  category?: string;
  brand?: string;
  imageCover?: string;
  images?: string[];
}
const productWriteKeys = [
  'title',
  'titleAr',
  'description',
  'descriptionAr',
  'price',
  'priceAfterDiscount',
  'quantity',
  'category',
  'brand',
  'imageCover',
  'images',
] as const satisfies readonly (keyof ProductWrite)[];

export interface TaxonomyWrite {
  name?: string;
  image?: string;
}
const taxonomyWriteKeys = ['name', 'image'] as const satisfies readonly (keyof TaxonomyWrite)[];

export const resources = ['products', 'categories', 'brands', 'audit-log', 'orders', 'customers'] as const;
export type Resource = (typeof resources)[number];

/** At most this many left counts as low stock in the list's filter (the dashboard's low stock too). */
export const lowStock = lowStockLimit;

/** The list filters the products screen offers; `q` is the search box (the storefront's ranked search). */
export interface ProductFilter {
  q?: string;
  category?: string | string[];
  brand?: string;
  status?: ProductStatus | 'all';
  price_gte?: number | string;
  price_lte?: number | string;
  stock?: StockLevel;
}

/** The stock filter's choices: sold out (0), low (1 to 5 left), in stock (1 or more). */
export const stockLevels = { out: [0, 0], low: [1, lowStock], in: [1, undefined] } as const;
export type StockLevel = keyof typeof stockLevels;

/** Columns the API can sort by (server/modules/catalogue/repository.ts). */
export const sortableProductFields = [
  'price',
  'title',
  'quantity',
  'sold',
  'createdAt',
  'updatedAt',
] as const;

function ref(value: CategoryRef | string | undefined): { id: string; name: string } {
  if (!value) return { id: '', name: '' };
  if (typeof value === 'string') return { id: value, name: '' };
  return { id: value._id, name: value.name };
}

export function reshapeProduct(p: StaffProduct): ProductRecord {
  const category = ref(p.category);
  const brand = ref(p.brand);
  return {
    id: p._id ?? p.id,
    title: p.title,
    titleAr: p.titleAr ?? '',
    description: p.description,
    descriptionAr: p.descriptionAr ?? '',
    price: p.price,
    priceAfterDiscount: p.priceAfterDiscount ?? null,
    quantity: p.quantity,
    sold: p.sold,
    imageCover: p.imageCover,
    images: p.images ?? [],
    category: category.id,
    brand: brand.id,
    categoryName: category.name,
    brandName: brand.name,
    status: p.status ?? 'active',
    ratingsAverage: p.ratingsAverage,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

export function reshapeTaxonomy(c: Category): TaxonomyRecord {
  return {
    id: c._id,
    name: c.name,
    slug: c.slug,
    image: c.image,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

export function reshapeAudit(row: AuditRow): AuditRecord {
  return {
    id: row._id,
    at: row.at,
    actorEmail: row.actor?.email ?? '',
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    before: row.before,
    after: row.after,
  };
}

function numberOrUndefined(value: unknown): number | undefined {
  if (value === '' || value === null || value === undefined) return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** GET /products's query for a react-admin list request. Catalogue reads ask for English, the canonical fields. */
export function productListQuery({ pagination, sort, filter }: Partial<GetListParams>): string {
  const f = (filter ?? {}) as ProductFilter;
  const field = sort?.field;
  const sortKey =
    field && (sortableProductFields as readonly string[]).includes(field)
      ? `${sort?.order === 'DESC' ? '-' : ''}${field}`
      : undefined;
  const categories = f.category === undefined ? undefined : [f.category].flat().filter(Boolean);
  return queryString({
    page: pagination?.page ?? 1,
    limit: pagination?.perPage ?? 25,
    sort: sortKey,
    keyword: f.q?.trim() || undefined,
    'category[in]': categories?.length ? categories : undefined,
    brand: f.brand || undefined,
    'price[gte]': numberOrUndefined(f.price_gte),
    'price[lte]': numberOrUndefined(f.price_lte),
    status: f.status || undefined,
    'quantity[gte]': f.stock ? stockLevels[f.stock][0] : undefined,
    'quantity[lte]': f.stock ? stockLevels[f.stock][1] : undefined,
    lang: 'en',
  });
}

function pick<T extends object>(data: Record<string, unknown>, keys: readonly (keyof T)[]): T {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const value = data[key as string];
    if (value !== undefined) out[key as string] = value;
  }
  return out as T;
}

/** Only what changed, for a partial PUT; a cleared optional number is sent as null. */
function changed<T extends object>(
  data: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
  keys: readonly (keyof T)[],
): T {
  const all = pick<T>(data, keys) as Record<string, unknown>;
  if (!previous) return all as T;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(all))
    if (JSON.stringify(value) !== JSON.stringify(previous[key])) out[key] = value;
  return out as T;
}

export function productBody(data: Record<string, unknown>, previous?: Record<string, unknown>): ProductWrite {
  const body = changed<ProductWrite>(data, previous, productWriteKeys);
  for (const key of ['price', 'quantity', 'priceAfterDiscount'] as const) {
    if (key in body) {
      const n = numberOrUndefined(body[key]);
      if (n === undefined) {
        if (key === 'priceAfterDiscount') body[key] = null;
        else delete body[key];
      } else body[key] = n;
    }
  }
  if (!previous && body.priceAfterDiscount === null) delete body.priceAfterDiscount;
  for (const key of ['imageCover'] as const) if (body[key] === '') delete body[key];
  return body;
}

function pathOf(resource: string): string {
  if (!(resources as readonly string[]).includes(resource)) throw new Error(`Unknown resource ${resource}`);
  return `/${resource}`;
}

function id(value: Identifier): string {
  return encodeURIComponent(String(value));
}

type One<T> = { data: T };

export interface FreshCartDataProvider extends DataProvider {
  duplicate(resource: 'products', params: { id: Identifier }): Promise<{ data: ProductRecord }>;
  stockHistory(resource: 'products', params: { id: Identifier }): Promise<{ data: StockChange[] }>;
  /** One change to the chosen products, all or none (POST /products/bulk). */
  bulkProducts(
    resource: 'products',
    params: { ids: Identifier[]; change: BulkChange },
  ): Promise<{ data: ProductRecord[] }>;
  /** One change of an order's status (PUT /orders/{id}/<action>); a 409 when its status does not allow it. */
  orderAction(
    resource: 'orders',
    params: { id: Identifier; action: OrderAction; shipping?: ShipBody },
  ): Promise<{ data: OrderRecord }>;
  /** A card order's money back, in part or in full (POST /orders/{id}/refunds); a 409 beyond what is left. */
  orderRefund(
    resource: 'orders',
    params: { id: Identifier; refund: RefundRequest },
  ): Promise<{ data: OrderRecord }>;
  /** The dashboard's figures, in one answer (GET /dashboard). */
  dashboard(params?: { signal?: AbortSignal }): Promise<{ data: DashboardFigures }>;
}

export type BulkChange =
  | { action: 'price-percent'; percent: number }
  | { action: 'set-stock'; quantity: number; stockReason?: string }
  | { action: 'archive' };

export const dataProvider: FreshCartDataProvider = {
  async getList(resource, params) {
    const signal = params.signal;
    if (resource === 'products') {
      const answer = await request<ListEnvelope<StaffProduct>>(`/products${productListQuery(params)}`, {
        signal,
      });
      return { data: answer.data.map(reshapeProduct), total: answer.results } as never;
    }
    if (resource === 'audit-log') {
      const f = (params.filter ?? {}) as { entity?: string; entityId?: string };
      const query = queryString({
        page: params.pagination?.page ?? 1,
        limit: params.pagination?.perPage ?? 25,
        entity: f.entity || undefined,
        entityId: f.entityId?.trim() || undefined,
      });
      const answer = await request<ListEnvelope<AuditRow>>(`/audit-log${query}`, { signal });
      return { data: answer.data.map(reshapeAudit), total: answer.results } as never;
    }
    if (resource === 'orders') {
      const answer = await request<ListEnvelope<Order>>(`/orders${orderListQuery(params)}`, { signal });
      return { data: answer.data.map(reshapeOrder), total: answer.results } as never;
    }
    if (resource === 'customers') return (await readCustomers(params)) as never;
    const query = queryString({
      page: params.pagination?.page ?? 1,
      limit: params.pagination?.perPage ?? 25,
      lang: 'en',
    });
    const answer = await request<ListEnvelope<Category>>(`${pathOf(resource)}${query}`, { signal });
    return { data: answer.data.map(reshapeTaxonomy), total: answer.results } as never;
  },

  async getOne(resource, params) {
    if (resource === 'products') {
      const answer = await request<One<StaffProduct>>(`/products/${id(params.id)}?lang=en`, {
        signal: params.signal,
      });
      return { data: reshapeProduct(answer.data) } as never;
    }
    if (resource === 'audit-log') throw new Error('The audit log is read as a list');
    if (resource === 'customers') throw new Error('Customers are read as a list');
    if (resource === 'orders') {
      const answer = await request<OrderAnswer>(`/orders/${id(params.id)}?lang=en`, {
        signal: params.signal,
      });
      return { data: reshapeOrder(answer.data) } as never;
    }
    const answer = await request<One<Category>>(`${pathOf(resource)}/${id(params.id)}?lang=en`, {
      signal: params.signal,
    });
    return { data: reshapeTaxonomy(answer.data) } as never;
  },

  async getMany(resource, params) {
    const records = await Promise.all(
      params.ids.map((one) => this.getOne(resource, { id: one, signal: params.signal }).then((r) => r.data)),
    );
    return { data: records };
  },

  async getManyReference() {
    throw new Error('No resource of the back office is read by reference');
  },

  async create(resource, params) {
    const data = params.data as Record<string, unknown>;
    if (resource === 'products') {
      const answer = await request<One<StaffProduct>>('/products', {
        method: 'POST',
        body: productBody(data),
      });
      return { data: reshapeProduct(answer.data) } as never;
    }
    const answer = await request<One<Category>>(pathOf(resource), {
      method: 'POST',
      body: pick<TaxonomyWrite>(data, taxonomyWriteKeys),
    });
    return { data: reshapeTaxonomy(answer.data) } as never;
  },

  async update(resource, params) {
    const data = params.data as Record<string, unknown>;
    const previous = params.previousData as Record<string, unknown> | undefined;
    if (resource === 'products') {
      const answer = await request<One<StaffProduct>>(`/products/${id(params.id)}`, {
        method: 'PUT',
        body: productBody(data, previous),
      });
      return { data: reshapeProduct(answer.data) } as never;
    }
    const answer = await request<One<Category>>(`${pathOf(resource)}/${id(params.id)}`, {
      method: 'PUT',
      body: changed<TaxonomyWrite>(data, previous, taxonomyWriteKeys),
    });
    return { data: reshapeTaxonomy(answer.data) } as never;
  },

  async updateMany(resource, params) {
    const ids: Identifier[] = [];
    for (const one of params.ids) {
      await this.update(resource, { id: one, data: params.data, previousData: undefined as never });
      ids.push(one);
    }
    return { data: ids };
  },

  /** Products are archived (the answer is the product, status 'archived'); a used category or brand is a 409. */
  async delete(resource, params) {
    if (resource === 'products') {
      const answer = await request<One<StaffProduct>>(`/products/${id(params.id)}`, { method: 'DELETE' });
      return { data: reshapeProduct(answer.data) } as never;
    }
    const answer = await request<One<Category> | null>(`${pathOf(resource)}/${id(params.id)}`, {
      method: 'DELETE',
    });
    return {
      data: answer?.data ? reshapeTaxonomy(answer.data) : (params.previousData ?? { id: params.id }),
    } as never;
  },

  async deleteMany(resource, params) {
    const ids: Identifier[] = [];
    for (const one of params.ids) {
      await this.delete(resource, { id: one });
      ids.push(one);
    }
    return { data: ids };
  },

  async duplicate(_resource, params) {
    const answer = await request<One<StaffProduct>>(`/products/${id(params.id)}/duplicate`, {
      method: 'POST',
    });
    return { data: reshapeProduct(answer.data) };
  },

  async stockHistory(_resource, params) {
    return request<{ data: StockChange[] }>(`/products/${id(params.id)}/stock-history`);
  },

  async bulkProducts(_resource, params) {
    const answer = await request<{ data: StaffProduct[] }>('/products/bulk', {
      method: 'POST',
      body: { ids: params.ids.map(String), ...params.change },
    });
    return { data: answer.data.map(reshapeProduct) };
  },

  async orderAction(_resource, { id: one, action, shipping }) {
    const answer = await request<OrderAnswer>(`/orders/${id(one)}/${action}?lang=en`, {
      method: 'PUT',
      body: actionBody(action, shipping),
    });
    return { data: reshapeOrder(answer.data) };
  },
  async orderRefund(_resource, { id: one, refund }) {
    const answer = await request<OrderAnswer>(`/orders/${id(one)}/refunds?lang=en`, {
      method: 'POST',
      body: refund,
    });
    return { data: reshapeOrder(answer.data) };
  },

  async dashboard(params) {
    return { data: await readDashboard(params?.signal) };
  },
};
