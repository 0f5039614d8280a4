// Wire shapes shared by every resource of the commerce API (../shared/api-contract.md). The server registers
// these as route schemas (they validate requests and decide what a response may carry); the storefront and the
// tests take their types from them with `Static`. Property order is the order the contract shows on the wire.
import { Type, type Static, type TSchema } from 'typebox';

/** Ids this server makes: 24 hex characters, as MongoDB's ObjectIds (the public API's ids) look. */
export const objectIdPattern = '^[0-9a-fA-F]{24}$';
export const ObjectId = Type.String({ pattern: objectIdPattern });

/** A resource id as the contract prints it (24 hex characters for ids this server makes). */
export const Id = Type.String();

/** A path parameter naming a resource: any short string (an unknown or malformed id is a 404, not a 400). */
export const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

/** ISO 8601 date-time, as `Date.prototype.toISOString` prints it. */
export const Timestamp = Type.String();

export const ListMetadata = Type.Object({
  currentPage: Type.Integer(),
  numberOfPages: Type.Integer(),
  limit: Type.Integer(),
  nextPage: Type.Optional(Type.Integer()),
  prevPage: Type.Optional(Type.Integer()),
});
export type ListMetadata = Static<typeof ListMetadata>;

/** A page of a list: `results` is the total across all pages. */
export function listEnvelope<T extends TSchema>(item: T) {
  return Type.Object({ results: Type.Integer(), metadata: ListMetadata, data: Type.Array(item) });
}
export interface ListEnvelope<T> {
  results: number;
  metadata: ListMetadata;
  data: T[];
}

/** Page and size of a list query; every list answers with `metadata`. */
export const PageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 40 }),
});

/** The languages answers come in: English (the contract's own, and every field's fallback) and Arabic. */
export const languages = ['en', 'ar'] as const;
export type Language = (typeof languages)[number];

/**
 * `?lang=ar`: the language of the catalogue's titles, names and descriptions in the answer. When present it
 * decides alone (a tag such as `ar-EG` counts as its language; one the API does not speak answers English);
 * when absent, `Accept-Language` decides. Field names never change, and error messages stay English.
 */
export const LangQuery = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 35 })) });
export type LangQuery = Static<typeof LangQuery>;

/** A page of a list, in a language. */
export const ListQuery = Type.Object({ ...PageQuery.properties, ...LangQuery.properties });
export type ListQuery = Static<typeof ListQuery>;

/** Every refusal but a validation failure: `statusMsg` is "fail" for the client's mistakes, "error" for ours. */
export const Failure = Type.Object({
  statusMsg: Type.Union([Type.Literal('fail'), Type.Literal('error')]),
  message: Type.String(),
});
export type Failure = Static<typeof Failure>;

/** A request value a rule refused: which one, where, and the message a person can read. */
export const ValidationFailure = Type.Object({
  message: Type.Literal('fail'),
  errors: Type.Object({
    value: Type.Unknown(),
    msg: Type.String(),
    param: Type.String(),
    location: Type.Union([Type.Literal('body'), Type.Literal('query'), Type.Literal('params')]),
  }),
});
export type ValidationFailure = Static<typeof ValidationFailure>;

/** `{status:"success", message}`: the answer of calls that change something and return nothing else. */
export const Success = Type.Object({
  status: Type.Literal('success'),
  message: Type.Optional(Type.String()),
});

/**
 * A value or null, for request bodies, as one JSON Schema type list (`["integer", "null"]`) rather than a union: the
 * server's validator converts types (`coerceTypes`), and in a union it would turn null into the first branch's
 * value (0, or "") before the null branch was tried. With a type list it converts only what matches neither.
 */
export function orNull<T>(schema: { type: 'string' | 'integer' } & Record<string, unknown>) {
  return Type.Unsafe<T | null>({ ...schema, type: [schema.type, 'null'] });
}
