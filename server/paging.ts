// Paging shared by every list the API answers (catalogue, audit log, stock history, staff accounts).
import type { FastifyRequest } from 'fastify';
import type { ListMetadata } from '@/lib/contract/common';
import { ValidationError } from './errors';

/**
 * The largest page a list answers: a larger `limit` (up to the contract's 1000) is answered as this, with
 * `metadata.limit` saying so and `nextPage` leading on. One uncached `limit=1000` list cost about 100 ms of the
 * event loop; every page up to this size is kept by the response cache.
 */
export const maxListLimit = 100;

/** A list's page and its size as answered (at most maxListLimit). */
export function pageOf(q: { page: number; limit: number }): { page: number; limit: number } {
  return { page: q.page, limit: Math.min(q.limit, maxListLimit) };
}

export function metadata(total: number, page: number, limit: number): ListMetadata {
  const numberOfPages = Math.ceil(total / limit);
  return {
    currentPage: page,
    numberOfPages,
    limit,
    ...(page < numberOfPages ? { nextPage: page + 1 } : {}),
    ...(page > 1 ? { prevPage: page - 1 } : {}),
  };
}

/** Rows found by their ids (a page whose ids were read first), in the ids' order. */
export function inIdsOrder<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A list's preValidation hook: bracket operators other than `allowed` (price[$gt], title[regex], …) are refused with
 * the validation envelope, not ignored.
 */
export function onlyOperators(allowed: ReadonlySet<string>) {
  return async function rejectUnknownOperators(request: FastifyRequest): Promise<void> {
    const query: unknown = request.query;
    if (!query || typeof query !== 'object') return;
    for (const [key, value] of Object.entries(query)) {
      if (key.includes('[') && !allowed.has(key))
        throw new ValidationError(key, `Unsupported filter ${key}`, value, 'query');
    }
  };
}
