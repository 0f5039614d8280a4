// The back office's customers list against GET /customers's wire shape (MSW at the network boundary): the real
// client, data provider and react-admin list run; a customer leads to the orders list showing only their orders.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ResourceContextProvider, memoryStore } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STAFF_TOKEN_KEY } from '@/admin/config';
import { dataProvider } from '@/admin/api/data-provider';
import { CustomerList } from '@/admin/customers/customer-list';
import { makeI18nProvider } from '@/admin/i18n/i18n-provider';
import { OrderList } from '@/admin/orders/order-list';
import { mockApi, on, reply } from '../web/api-mock';
import { order, orderPage } from './order-fixtures';
import { customer, customerId, customerPage } from './report-fixtures';
import { onAPhone } from './phone';

function renderIn(resource: string, children: React.ReactNode) {
  sessionStorage.setItem(STAFF_TOKEN_KEY, 'staff-token');
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={makeI18nProvider('en')} store={memoryStore()}>
      <ResourceContextProvider value={resource}>{children}</ResourceContextProvider>
    </AdminContext>,
  );
}

/** Where the app went: the path and query. */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const ordersOf = (id: string) => `/orders?filter=${encodeURIComponent(JSON.stringify({ user: id }))}`;

describe('the customers list', { timeout: 30_000 }, () => {
  it('asks for the newest accounts, 25 a page, and shows name, e-mail, phone, joined, orders, spent and last order', async () => {
    const { calls } = mockApi(
      on('GET', /^\/customers\?/, () =>
        reply(
          200,
          customerPage(
            [
              customer(),
              customer({
                _id: 'c2'.repeat(12),
                name: 'Omar Adel',
                orders: 0,
                spent: 0,
                lastOrderAt: undefined,
              }),
            ],
            2,
          ),
        ),
      ),
    );
    renderIn('customers', <CustomerList />);
    const mona = (await screen.findByRole('link', { name: 'Orders of Mona Said' })).closest('tr')!;
    expect(calls[0]!.path).toBe('/customers?page=1&limit=25&sort=-createdAt&lang=en');
    expect(calls[0]!.token).toBe('staff-token');
    const cells = within(mona)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      'Mona Said',
      'mona@example.com',
      '01098765432',
      'Jan 5, 2030',
      '4',
      '3,120 EGP',
      'Mar 2, 2030',
    ]);
    expect(within(mona).getByText('mona@example.com')).toHaveAttribute('dir', 'ltr');
    expect(within(mona).getByText('01098765432')).toHaveAttribute('dir', 'ltr');
    const omar = screen.getByRole('link', { name: 'Orders of Omar Adel' }).closest('tr')!;
    expect(omar).toHaveTextContent('0 EGPNo orders yet');
    // Sortable by the day they joined only.
    expect(screen.getByRole('button', { name: /^Sort by joined/i })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /^Sort by (name|e-mail|phone|orders|spent|last)/i }),
    ).not.toBeInTheDocument();
  });

  it('searches by the start of an e-mail or phone', async () => {
    const omar = customer({ _id: 'c2'.repeat(12), name: 'Omar Adel', email: 'omar@example.com' });
    const { calls } = mockApi(
      on('GET', /^\/customers\?.*keyword=/, () => reply(200, customerPage([customer()]))),
      on('GET', /^\/customers\?/, () => reply(200, customerPage([customer(), omar]))),
    );
    renderIn('customers', <CustomerList />);
    await screen.findByRole('link', { name: 'Orders of Omar Adel' });
    await userEvent.type(screen.getByPlaceholderText('Search'), ' 0109 ');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Orders of Omar Adel' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'Orders of Mona Said' })).toBeInTheDocument();
    expect(calls.at(-1)!.path).toBe('/customers?page=1&limit=25&sort=-createdAt&keyword=0109&lang=en');
  });

  it('leads from a customer to the orders list showing only theirs', async () => {
    mockApi(on('GET', /^\/customers\?/, () => reply(200, customerPage([customer()]))));
    renderIn('customers', <CustomerList />);
    const link = await screen.findByRole('link', { name: 'Orders of Mona Said' });
    expect(link).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`${ordersOf(customerId).replace(/[?]/g, '\\?')}$`)),
    );
  });
});

describe('the customers list on a phone', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a list of customers, each leading to their orders', async () => {
    onAPhone();
    mockApi(on('GET', /^\/customers\?/, () => reply(200, customerPage([customer()]))));
    sessionStorage.setItem(STAFF_TOKEN_KEY, 'staff-token');
    render(
      <MemoryRouter initialEntries={['/customers']}>
        <AdminContext dataProvider={dataProvider} i18nProvider={makeI18nProvider('en')} store={memoryStore()}>
          <Routes>
            <Route
              path="/customers"
              element={
                <ResourceContextProvider value="customers">
                  <CustomerList />
                </ResourceContextProvider>
              }
            />
            <Route path="/orders" element={<Where />} />
          </Routes>
        </AdminContext>
      </MemoryRouter>,
    );
    const row = await screen.findByRole('button', { name: /Mona Said/ });
    expect(row).toHaveTextContent('mona@example.com');
    expect(row).toHaveTextContent('4 orders · 3,120 EGP');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await userEvent.click(row);
    expect(await screen.findByTestId('where')).toHaveTextContent(ordersOf(customerId));
  });
});

describe("one customer's orders", { timeout: 30_000 }, () => {
  it('asks GET /orders for that account and names the customer in a filter that can be removed', async () => {
    const userId = order().user._id;
    const { calls } = mockApi(on('GET', /^\/orders\?/, () => reply(200, orderPage([order()], 1))));
    sessionStorage.setItem(STAFF_TOKEN_KEY, 'staff-token');
    // Opened as the customers list opens it: #/orders?filter={"user":…}.
    render(
      <MemoryRouter initialEntries={[ordersOf(userId)]}>
        <AdminContext dataProvider={dataProvider} i18nProvider={makeI18nProvider('en')} store={memoryStore()}>
          <ResourceContextProvider value="orders">
            <OrderList />
          </ResourceContextProvider>
        </AdminContext>
      </MemoryRouter>,
    );
    const chip = await screen.findByRole('button', { name: /^Customer: Mona Said/ });
    expect(calls[0]!.path).toBe(`/orders?page=1&limit=25&sort=-createdAt&user=${userId}&lang=en`);
    await userEvent.click(chip);
    await waitFor(() => expect(calls.at(-1)!.path).toBe('/orders?page=1&limit=25&sort=-createdAt&lang=en'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Customer:/ })).not.toBeInTheDocument());
  });
});
