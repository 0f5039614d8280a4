// What a run against a deployed shop leaves behind, taken away after it (e2e/support/global-teardown.ts), through the
// staff API with the QA staff account: the products, categories and brands the account made during the run
// (found in the audit log: the account's own changes since the run started whose first one made the thing) are
// archived or deleted, and the run's shoppers' orders are closed so their stock goes back on sale: placed ones
// cancelled, card ones refunded in full and cancelled, shipped ones marked delivered. The shoppers' accounts stay
// (the API has no way to remove one); they are all …@example.com.
import { request, type APIRequestContext } from '@playwright/test';
import { shopOrigin, type StaffAccount } from './target';

interface AuditRow {
  at: string;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
}

interface OrderRow {
  _id: string;
  id: number;
  status: string;
  isPaid: boolean;
  paymentMethodType: string;
  totalOrderPrice: number;
  refundedAmount?: number;
  refunds?: { amount: number }[];
  user: { email: string } | null;
}

/** What the clean-up did, to print. */
export interface CleanupReport {
  archivedProducts: number;
  deletedCategories: number;
  deletedBrands: number;
  closedOrders: number;
  problems: string[];
}

/** The journeys' shoppers (e2e/support/api.ts, uniqueEmail): nobody else's order is touched. */
const journeyShopper = /@example\.com$/;

function idOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    id?: string;
  };
  if (!payload.id) throw new Error('the staff token has no account id');
  return payload.id;
}

async function pages<T>(api: APIRequestContext, path: string, token: string, stop: (row: T) => boolean) {
  const rows: T[] = [];
  for (let page = 1; page <= 50; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const response = await api.get(`${path}${sep}page=${page}&limit=100`, { headers: { token } });
    if (!response.ok()) throw new Error(`GET ${path}: ${response.status()} ${await response.text()}`);
    const body = (await response.json()) as { data: T[]; metadata: { nextPage?: number } };
    for (const row of body.data) {
      if (stop(row)) return rows;
      rows.push(row);
    }
    if (!body.metadata.nextPage) break;
  }
  return rows;
}

/** Cleans up after a run that started at `started`, as `account`. */
export async function cleanUpRun(account: StaffAccount, started: Date): Promise<CleanupReport> {
  const report: CleanupReport = {
    archivedProducts: 0,
    deletedCategories: 0,
    deletedBrands: 0,
    closedOrders: 0,
    problems: [],
  };
  const api = await request.newContext({ baseURL: shopOrigin });
  try {
    const signin = await api.post('/api/v1/auth/signin', { data: account });
    if (!signin.ok())
      throw new Error(`the QA staff account could not sign in: ${signin.status()} ${await signin.text()}`);
    const token = ((await signin.json()) as { token: string }).token;
    const headers = { token };
    const call = async (method: 'DELETE' | 'PUT' | 'POST', path: string, data?: unknown) => {
      const response = await api.fetch(`/api/v1${path}`, { method, headers, data });
      if (!response.ok())
        report.problems.push(`${method} ${path}: ${response.status()} ${await response.text()}`);
      return response.ok();
    };

    // The account's changes since the run began, newest first; the oldest change of each thing decides whether
    // the run made it.
    const changes = await pages<AuditRow>(
      api,
      `/api/v1/audit-log?actor=${idOf(token)}`,
      token,
      (row) => Date.parse(row.at) < started.getTime(),
    );
    const first = new Map<string, AuditRow>();
    for (const row of changes) first.set(`${row.entity}:${row.entityId}`, row);
    for (const row of first.values()) {
      // Made by the run: nothing before it (create, import), or a copy (duplicate's `before` names the original).
      if (row.before !== null && !row.action.endsWith('.duplicate')) continue;
      if (row.entity === 'product') {
        const current = await api.get(`/api/v1/products/${row.entityId}`, { headers });
        const status = current.ok()
          ? ((await current.json()) as { data: { status?: string } }).data.status
          : undefined;
        if (current.ok() && status !== 'archived' && (await call('DELETE', `/products/${row.entityId}`)))
          report.archivedProducts++;
      } else if (row.entity === 'category' || row.entity === 'brand') {
        const path = row.entity === 'category' ? 'categories' : 'brands';
        if (!(await api.get(`/api/v1/${path}/${row.entityId}`)).ok()) continue; // deleted by the journey
        if (await call('DELETE', `/${path}/${row.entityId}`)) {
          if (row.entity === 'category') report.deletedCategories++;
          else report.deletedBrands++;
        }
      }
    }

    // The run's shoppers' orders, still holding stock.
    const orders = await pages<OrderRow>(
      api,
      `/api/v1/orders?createdAt[gte]=${encodeURIComponent(started.toISOString())}`,
      token,
      () => false,
    );
    for (const order of orders) {
      if (!journeyShopper.test(order.user?.email ?? '')) continue;
      const path = `/orders/${order._id}`;
      if (order.status === 'placed') {
        if (await call('PUT', `${path}/cancel`)) report.closedOrders++;
      } else if (order.status === 'paid' || order.status === 'processing') {
        const refunded = order.refundedAmount ?? (order.refunds ?? []).reduce((sum, r) => sum + r.amount, 0);
        const left = order.totalOrderPrice - refunded;
        if (order.isPaid && left > 0 && !(await call('POST', `${path}/refunds`, { amount: left }))) continue;
        if (await call('PUT', `${path}/cancel`)) report.closedOrders++;
      } else if (order.status === 'shipped') {
        if (await call('PUT', `${path}/deliver`)) report.closedOrders++;
      }
    }
  } finally {
    await api.dispose();
  }
  return report;
}
