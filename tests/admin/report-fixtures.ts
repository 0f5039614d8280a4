// GET /dashboard and GET /customers answers (lib/contract/reports.ts), for the back office's tests.
import type { ListEnvelope } from '@/lib/contract/common';
import type { Customer, Dashboard, DashboardAnswer } from '@/lib/contract/reports';

/** 1 to 30 March 2030, every day's orders and sales: three orders on the 30th, none on most days. */
export function days(sales: Record<number, [orders: number, sales: number]> = {}): Dashboard['salesByDay'] {
  return Array.from({ length: 30 }, (_, i) => {
    const [orders, amount] = sales[i + 1] ?? [0, 0];
    return { day: `2030-03-${String(i + 1).padStart(2, '0')}`, orders, sales: amount };
  });
}

export const productIds = ['p1'.repeat(12), 'p2'.repeat(12)];

export function dashboardAnswer(over: Partial<Dashboard> = {}): DashboardAnswer {
  return {
    status: 'success',
    data: {
      timeZone: 'Africa/Cairo',
      today: '2030-03-30',
      todays: { orders: 3, sales: 2450 },
      thisMonth: { orders: 41, sales: 38_900 },
      waitingToShip: 7,
      lowStock: {
        count: 2,
        products: [
          { _id: productIds[0]!, title: 'Woman Shawl', quantity: 0, imageCover: '/a.webp' },
          { _id: productIds[1]!, title: 'Leather Bag', quantity: 4, imageCover: '/b.webp' },
        ],
      },
      salesByDay: days({ 1: [1, 300], 15: [37, 36_150], 30: [3, 2450] }),
      ...over,
    },
  };
}

/** A shop with no orders yet and nothing low on stock. */
export function emptyShop(): DashboardAnswer {
  return dashboardAnswer({
    todays: { orders: 0, sales: 0 },
    thisMonth: { orders: 0, sales: 0 },
    waitingToShip: 0,
    lowStock: { count: 0, products: [] },
    salesByDay: days(),
  });
}

export const customerId = 'c1'.repeat(12);

export function customer(over: Partial<Customer> = {}): Customer {
  return {
    _id: customerId,
    name: 'Mona Said',
    email: 'mona@example.com',
    phone: '01098765432',
    createdAt: '2030-01-05T10:00:00.000Z',
    orders: 4,
    spent: 3120,
    lastOrderAt: '2030-03-02T09:00:00.000Z',
    ...over,
  };
}

export function customerPage(data: Customer[], results = data.length): ListEnvelope<Customer> {
  return { results, metadata: { currentPage: 1, numberOfPages: 1, limit: 25 }, data };
}
