// How much one cart may hold (docs/security.md: stock cannot be hoarded). The server enforces them on its rows; the
// storefront reads them to offer only what can be added.

/** Units of one product in one cart or order. */
export const maxUnitsPerLine = 50;
/** Units in one cart or order, all lines together. */
export const maxUnitsPerOrder = 100;
