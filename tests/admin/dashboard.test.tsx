// The back office's dashboard against GET /dashboard's wire shape, through the project's one API stand-in (MSW):
// the real client, data provider and screen run; the chart's library is loaded as in the browser.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore } from 'react-admin';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { STAFF_TOKEN_KEY } from '@/admin/config';
import { dataProvider } from '@/admin/api/data-provider';
import { Dashboard } from '@/admin/dashboard';
import { makeI18nProvider } from '@/admin/i18n/i18n-provider';
import { mockApi, on, reply } from '../web/api-mock';
import { dashboardAnswer, emptyShop, productIds } from './report-fixtures';

beforeAll(() => {
  // jsdom has no ResizeObserver; the chart measures its width with one.
  if (!('ResizeObserver' in globalThis))
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
});

function renderDashboard() {
  sessionStorage.setItem(STAFF_TOKEN_KEY, 'staff-token');
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={makeI18nProvider('en')} store={memoryStore()}>
      <Dashboard />
    </AdminContext>,
  );
}

const region = (name: string) => screen.findByRole('region', { name });

describe('the dashboard', { timeout: 30_000 }, () => {
  it("shows today's, this month's, waiting and low-stock figures from one request", async () => {
    const { calls } = mockApi(on('GET', '/dashboard', () => reply(200, dashboardAnswer())));
    renderDashboard();
    const today = await region('Today');
    expect(today).toHaveTextContent('2,450 EGP');
    expect(today).toHaveTextContent('3 orders');
    const month = screen.getByRole('region', { name: 'This month' });
    expect(month).toHaveTextContent('38,900 EGP');
    expect(month).toHaveTextContent('41 orders');
    const waiting = screen.getByRole('region', { name: 'Waiting to ship' });
    expect(waiting).toHaveTextContent('7');
    const byStatus = within(waiting).getByRole('navigation', { name: 'Orders waiting to ship, by status' });
    const statusLinks = within(byStatus).getAllByRole('link');
    expect(statusLinks.map((l) => l.textContent)).toEqual(['Placed', 'Paid', 'Processing']);
    expect(decodeURIComponent(statusLinks[2]!.getAttribute('href')!)).toMatch(
      /\/orders\?filter=\{"status":"processing"\}$/,
    );
    expect(calls.map((c) => c.path)).toEqual(['/dashboard']);
    expect(calls[0]!.token).toBe('staff-token');
  });

  it('links each low-stock product to its edit page, with what is left', async () => {
    mockApi(on('GET', '/dashboard', () => reply(200, dashboardAnswer())));
    renderDashboard();
    const low = await region('Low on stock');
    expect(low).toHaveTextContent('Products with 5 or fewer left');
    const shawl = within(low).getByRole('link', { name: /Woman Shawl/ });
    expect(shawl).toHaveTextContent('0 left');
    expect(shawl.getAttribute('href')).toMatch(new RegExp(`/products/${productIds[0]}$`));
    const bag = within(low).getByRole('link', { name: /Leather Bag/ });
    expect(bag).toHaveTextContent('4 left');
    expect(bag.getAttribute('href')).toMatch(new RegExp(`/products/${productIds[1]}$`));
    // A list of items, each holding its link (a list may hold only items).
    const items = within(within(low).getByRole('list', { name: 'Low on stock' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      expect.stringMatching(/^Woman Shawl/),
      expect.stringMatching(/^Leather Bag/),
    ]);
    expect(within(low).getByRole('link', { name: 'All products, fewest left first' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/products\?sort=quantity&order=ASC$/),
    );
  });

  it("gives the chart a name and summary, and every one of the 30 days' figures as a table", async () => {
    mockApi(on('GET', '/dashboard', () => reply(200, dashboardAnswer())));
    renderDashboard();
    const sales = await region('Sales, last 30 days');
    expect(within(sales).getByRole('img')).toHaveAccessibleName(
      'Sales, last 30 days Last 30 days: 38,900 EGP from 41 orders',
    );
    const table = within(sales).getByRole('table', { name: 'Sales, last 30 days', hidden: true });
    const rows = within(table).getAllByRole('row', { hidden: true });
    expect(rows).toHaveLength(31);
    expect(rows[0]).toHaveTextContent('DayOrdersSales');
    expect(rows[1]).toHaveTextContent('Fri, March 1, 2030' + '1' + '300 EGP');
    expect(rows[15]).toHaveTextContent('Fri, March 15, 2030' + '37' + '36,150 EGP');
    expect(rows[30]).toHaveTextContent('Sat, March 30, 2030' + '3' + '2,450 EGP');
    expect(rows[2]).toHaveTextContent('Sat, March 2, 2030' + '0' + '0 EGP');
  });

  it('says so in a new shop with no orders, and draws no chart', async () => {
    mockApi(on('GET', '/dashboard', () => reply(200, emptyShop())));
    renderDashboard();
    const sales = await region('Sales, last 30 days');
    expect(sales).toHaveTextContent('No orders in the last 30 days');
    expect(within(sales).queryByRole('img')).not.toBeInTheDocument();
    expect(within(sales).queryByRole('table', { hidden: true })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Today' })).toHaveTextContent('0 EGP0 orders');
    const low = screen.getByRole('region', { name: 'Low on stock' });
    expect(low).toHaveTextContent('Every product has more than 5 left.');
    expect(within(low).getAllByRole('link')).toHaveLength(1);
  });

  it('says when the figures could not be read, and reads them again on Try again', async () => {
    let answers = 0;
    const { calls } = mockApi(
      on('GET', '/dashboard', () =>
        ++answers === 1
          ? reply(500, { statusMsg: 'error', message: 'Something went wrong' })
          : reply(200, dashboardAnswer()),
      ),
    );
    renderDashboard();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The figures could not be read.');
    expect(screen.queryByRole('region', { name: 'Today' })).not.toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await region('Today')).toHaveTextContent('2,450 EGP');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(calls.map((c) => c.path)).toEqual(['/dashboard', '/dashboard']);
  });

  it('shows a loading state while the figures are on their way, and the links to every screen', async () => {
    mockApi(on('GET', '/dashboard', () => new Promise(() => {})));
    renderDashboard();
    expect(await screen.findByRole('status', { name: 'Loading the figures' })).toBeInTheDocument();
    const goTo = screen.getByRole('navigation', { name: 'Go to' });
    expect(within(goTo).getByRole('link', { name: 'Customers' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/customers$/),
    );
  });
});
