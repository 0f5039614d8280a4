// The back office's reports (issue 28): the dashboard's figures in one answer, and the customers list. Amounts are
// whole pounds, as every price; days are the shop's calendar (SHOP_TIME_ZONE).
import { Type, type Static } from 'typebox';
import { Id, LangQuery, PageQuery, listEnvelope } from './common';

/** Orders and their money: cancelled orders are left out, refunds taken off. */
export const SalesFigures = Type.Object({ orders: Type.Integer(), sales: Type.Integer() });
export type SalesFigures = Static<typeof SalesFigures>;

/** Products at or under this many units count as low on stock (the product list's "Low" filter says the same). */
export const lowStockAt = 5;

export const Dashboard = Type.Object({
  /** The shop's time zone, whose days these are. */
  timeZone: Type.String(),
  /** The shop's today, YYYY-MM-DD. */
  today: Type.String(),
  todays: SalesFigures,
  thisMonth: SalesFigures,
  /** Orders placed, paid or being processed: not yet shipped nor cancelled. */
  waitingToShip: Type.Integer(),
  lowStock: Type.Object({
    /** Active products with at most `lowStockAt` units. */
    count: Type.Integer(),
    /** The lowest first, at most 10. */
    products: Type.Array(
      Type.Object({ _id: Id, title: Type.String(), quantity: Type.Integer(), imageCover: Type.String() }),
    ),
  }),
  /** The last 30 days, oldest first, today last; days without orders are there with zeros. */
  salesByDay: Type.Array(Type.Object({ day: Type.String(), orders: Type.Integer(), sales: Type.Integer() })),
});
export type Dashboard = Static<typeof Dashboard>;
export const DashboardAnswer = Type.Object({ status: Type.Literal('success'), data: Dashboard });
export type DashboardAnswer = Static<typeof DashboardAnswer>;

/** A customer (a shopper's account) with their orders: how many, what they spent, when they last ordered. */
export const Customer = Type.Object({
  _id: Id,
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  createdAt: Type.String(),
  /** Orders not cancelled. */
  orders: Type.Integer(),
  /** What those orders came to, refunds taken off. */
  spent: Type.Integer(),
  lastOrderAt: Type.Optional(Type.String()),
});
export type Customer = Static<typeof Customer>;

export const customerSorts = ['createdAt', '-createdAt'] as const;
export const CustomerListQuery = Type.Object({
  ...PageQuery.properties,
  sort: Type.Optional(Type.Union(customerSorts.map((s) => Type.Literal(s)))),
  /** The first characters of the customer's e-mail or phone. */
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  ...LangQuery.properties,
});
export type CustomerListQuery = Static<typeof CustomerListQuery>;
export const CustomerList = listEnvelope(Customer);
export type CustomerList = Static<typeof CustomerList>;
