// The order list's bulk actions and reports: ship the ticked orders (each decided by the server on its own), export
// what the filters match as CSV, and print packing slips, one sheet per order in the order's own language.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, ResourceContextProvider, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STAFF_TOKEN_KEY } from '@/admin/config';
import { dataProvider } from '@/admin/api/data-provider';
import { makeI18nProvider } from '@/admin/i18n/i18n-provider';
import { shipEach } from '@/admin/orders/order-bulk-actions';
import { OrderList } from '@/admin/orders/order-list';
import { PackingSlips } from '@/admin/orders/packing-slips';
import { mockApi, on, reply } from '../web/api-mock';
import { order, orderIn, orderPage } from './order-fixtures';

const second = 'b2'.repeat(12);
const third = 'c3'.repeat(12);

function renderIn(children: React.ReactNode, { locale = 'en' as 'en' | 'ar', at = '/' } = {}) {
  sessionStorage.setItem(STAFF_TOKEN_KEY, 'staff-token');
  return render(
    <MemoryRouter initialEntries={[at]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={makeI18nProvider(locale)} store={memoryStore()}>
        <ResourceContextProvider value="orders">{children}</ResourceContextProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('shipping the ticked orders', { timeout: 30_000 }, () => {
  it('ships each order the server allows, keeps going past a refusal, and says which and why', async () => {
    const user = userEvent.setup();
    const orders = [order(), order({ _id: second, id: 1048 })];
    const { calls } = mockApi(
      on('GET', /^\/orders\?/, () => reply(200, orderPage(orders))),
      on('PUT', `/orders/${orders[0]!._id}/ship?lang=en`, () => reply(200, { data: orderIn('shipped') })),
      on('PUT', `/orders/${second}/ship?lang=en`, () =>
        reply(409, { statusMsg: 'fail', message: 'This order has already been shipped' }),
      ),
    );
    renderIn(<OrderList />);
    await screen.findByText('FC-001047');
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Mark shipped' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark 2 orders shipped' });
    await user.type(within(dialog).getByLabelText('Carrier (for every order, optional)'), ' Bosta ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));

    expect(await screen.findByText('1 order shipped')).toBeInTheDocument();
    expect(
      await screen.findByText('1 order was not shipped: FC-001048: This order has already been shipped'),
    ).toBeInTheDocument();
    const ships = calls.filter((c) => c.method === 'PUT');
    expect(ships).toHaveLength(2);
    // One carrier for all, trimmed; no tracking reference (each parcel has its own: the order page gives it).
    expect(ships[0]!.body).toEqual({ carrier: 'Bosta', trackingReference: '' });
  });

  it('runs at most four at once and loses no outcome', async () => {
    let running = 0;
    let most = 0;
    const ids = Array.from({ length: 10 }, (_, i) => `id-${i}`);
    const outcome = await shipEach(ids, async (id) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => queueMicrotask(() => resolve(null)));
      running--;
      if (id === 'id-3') throw new Error('This order is cancelled: it cannot be shipped');
    });
    expect(most).toBe(4);
    expect([...outcome.shipped].sort()).toEqual(ids.filter((id) => id !== 'id-3').sort());
    expect(outcome.refused).toEqual([
      { id: 'id-3', reason: 'This order is cancelled: it cannot be shipped' },
    ]);
  });
});

describe('the orders CSV', { timeout: 30_000 }, () => {
  it('exports what the list’s filters match', async () => {
    const user = userEvent.setup();
    const created = vi.fn(() => 'blob:orders');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { calls } = mockApi(
      on('GET', /^\/orders\?/, () => reply(200, orderPage([orderIn('shipped')]))),
      on('GET', /^\/orders\/export\.csv/, () => reply(200, 'Order number\n1047\n')),
    );
    renderIn(<OrderList />, { at: '/?filter=%7B%22status%22%3A%22shipped%22%7D' });
    await screen.findByText('FC-001047');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const exported = calls.find((c) => c.path.startsWith('/orders/export.csv'))!;
    expect(exported.path).toBe('/orders/export.csv?status=shipped');
    expect(exported.token).toBe('staff-token');
    expect(created).toHaveBeenCalled();
  });
});

describe('packing slips', { timeout: 30_000 }, () => {
  it('prints one sheet per order, each in its order’s language, in the order ticked', async () => {
    const english = order({ language: 'en' });
    const arabic = orderIn('paid', { _id: second, id: 1048, language: 'ar', paymentMethodType: 'card' });
    const cancelled = orderIn('cancelled', { _id: third, id: 1049, language: 'en' });
    const { calls } = mockApi(
      on('GET', /^\/orders\?ids=.*lang=en$/, () => reply(200, orderPage([cancelled, arabic, english]))),
      on('GET', /^\/orders\?ids=.*lang=ar$/, () =>
        reply(200, {
          ...orderPage([
            {
              ...arabic,
              cartItems: arabic.cartItems.map((l) => ({
                ...l,
                product: { ...l.product, title: 'شال نسائي' },
              })),
            },
          ]),
        }),
      ),
    );
    vi.spyOn(window, 'print').mockImplementation(() => {});
    const user = userEvent.setup();
    // The back office is in Arabic; each slip speaks its order's language all the same.
    renderIn(<PackingSlips />, { locale: 'ar', at: `/packing-slips?ids=${english._id},${second},${third}` });

    const sheets = await screen.findAllByRole('article');
    expect(sheets.map((s) => s.getAttribute('lang'))).toEqual(['en', 'ar', 'en']);
    const [en, ar, gone] = sheets as [HTMLElement, HTMLElement, HTMLElement];
    expect(en).toHaveAttribute('dir', 'ltr');
    expect(within(en).getByRole('heading', { level: 1 })).toHaveTextContent('Order \u2066FC-001047\u2069');
    expect(en).toHaveTextContent('Mona Said');
    expect(en).toHaveTextContent('12 Nile Street');
    expect(en).toHaveTextContent('Woman Shawl');
    expect(en).toHaveTextContent('Collect on delivery: 807 EGP');
    expect(within(en).getByText('Pieces').closest('tr')).toHaveTextContent('3');

    expect(ar).toHaveAttribute('dir', 'rtl');
    expect(within(ar).getByRole('heading', { level: 1 })).toHaveTextContent('الطلب \u2066FC-001048\u2069');
    expect(ar).toHaveTextContent('شال نسائي');
    expect(ar).toHaveTextContent('مدفوع بالبطاقة: لا شيء للتحصيل');

    expect(gone).toHaveTextContent('This order is cancelled: do not send it.');
    // Two reads: every order in English, then the Arabic ones' names in Arabic.
    expect(calls.map((c) => c.path)).toEqual([
      `/orders?ids=${english._id}%2C${second}%2C${third}&limit=3&lang=en`,
      `/orders?ids=${second}&limit=1&lang=ar`,
    ]);
    await user.click(screen.getByRole('button', { name: 'طباعة' }));
    expect(window.print).toHaveBeenCalled();
  });

  it('says so when no order was chosen', async () => {
    mockApi();
    renderIn(<PackingSlips />, { at: '/packing-slips' });
    expect(
      await screen.findByText('No orders chosen. Tick orders in the list, then choose Packing slips.'),
    ).toBeInTheDocument();
  });
});
