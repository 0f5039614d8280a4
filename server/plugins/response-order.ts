import fp from 'fastify-plugin';
import type { RouteOptions } from 'fastify';

/**
 * Response schemas come from lib/contract, where every non-optional property is `required` (that is what makes the
 * static types exact). For serialization the contract's schemas decide which keys may leave the server and in
 * which order; `required` there would make fast-json-stringify write required keys before the others (changing
 * the order the contract shows) and throw on a projection (`fields=title,price`). So response schemas are
 * registered without it: a copy, the contract objects stay untouched.
 */
function withoutRequired(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutRequired);
  if (!schema || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'required' && Array.isArray(value)) continue;
    copy[key] = withoutRequired(value);
  }
  return copy;
}

export const responseOrder = fp(async (app) => {
  app.addHook('onRoute', (route: RouteOptions) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response || !route.schema) return;
    route.schema = {
      ...route.schema,
      response: Object.fromEntries(Object.entries(response).map(([code, s]) => [code, withoutRequired(s)])),
    };
  });
});
