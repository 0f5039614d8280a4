// The name the page's head script and the early paint's scripts share with the API client (lib/api/early.ts), in a
// module of its own without the browser's types: the build's step scripts/hold-framework.ts reads it too.

/** The global the head script fills, keyed by API path ('/products?page=1&limit=24'). */
export const earlyRequestsGlobal = '__early';
