// The orders module's face: all that other modules and server/app.ts may use of it (eslint.config.mjs holds them
// to this file). Placing an order (cash here, card from checkout), its stock holds and per-order limits.
export { checkHolder, checkProductShare, holderOf, limitsFor, type HoldLimits } from './holds';
export { checkUnits, maxUnitsPerLine, maxUnitsPerOrder, tooManyOfOne, tooManyUnits } from './limits';
export {
  CartChangedError,
  insufficientStock,
  noCartWithId,
  placeOrder,
  sameLines,
  type ShippingAddress,
} from './place-order';
export { mailOrderLater, mailOrderOnCommit, sendOrderMail, type OrderMailEvent } from './order-mail';
export { loadOrder, type OrderWithItems } from './repository';
export { orderReportRoutes } from './report-routes';
export { orderRoutes } from './routes';
export { holdLimitsOf, readShippingAddress } from './service';
