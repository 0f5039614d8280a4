// The catalogue module's face: all that other modules and server/app.ts may use of it (eslint.config.mjs holds
// them to this file). Products as carts, orders and wishlists show them; localised names; the response cache
// the app keeps on ctx (orders tell it which products' stock changed).
export { CatalogueCache, etagOf } from './cache';
export { clientHas } from './cached-reply';
export { feedCatalogueCache } from './change-feed';
export { catalogueRoutes } from './routes';
export { catalogueStaffRoutes } from './staff-routes';
export { localised } from './serialize';
export { escapeLike } from './search';
export { activeProducts, cartProducts, productAnswers, shopProduct } from './service';
