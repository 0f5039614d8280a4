import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import { languages, type Language } from '@/lib/contract/common';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language the client asked for (?lang=, else Accept-Language), 'en' when it names none we speak. */
    lang: Language;
  }
  interface FastifyContextConfig {
    /** The answer's catalogue texts follow request.lang: it says so (Content-Language, Vary). */
    localised?: boolean;
  }
}

/** The language of a tag (`ar`, `AR-eg`, `ar_EG`), if it is one the API speaks. */
export function languageOfTag(tag: string): Language | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return languages.find((l) => l === primary);
}

// A language range as RFC 9110 (section 12.5.4) writes it, and its weight: 0 to 1, three decimals at most.
const rangePattern = /^(?:\*|[a-z]{1,8}(?:-[a-z0-9]{1,8})*)$/i;
const weightPattern = /^q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;
/** Ranges read from one header: a client sends a handful; a longer list cannot make the parse costly. */
const maxRanges = 32;

interface Range {
  range: string;
  q: number;
  position: number;
}

function parseAcceptLanguage(header: string): Range[] {
  const ranges: Range[] = [];
  for (const [position, part] of header.split(',').slice(0, maxRanges).entries()) {
    const [rawRange, ...params] = part.split(';').map((s) => s.trim());
    if (!rawRange || !rangePattern.test(rawRange)) continue;
    let q = 1;
    let malformed = false;
    for (const param of params) {
      if (!/^q\s*=/i.test(param)) continue;
      const weight = weightPattern.exec(param);
      if (weight) q = Number(weight[1]);
      else malformed = true;
    }
    if (!malformed) ranges.push({ range: rawRange.toLowerCase(), q, position });
  }
  // Highest weight first; equal weights keep the client's order.
  return ranges.sort((a, b) => b.q - a.q || a.position - b.position);
}

/**
 * The answer's language. `?lang=` decides alone when present (the query wins over the header; a language we do
 * not speak answers English). Otherwise Accept-Language: its ranges by weight (q=0 refuses one), `ar-EG` counting
 * as `ar`, `*` as any language the header does not name; nothing we speak, English.
 */
export function negotiateLanguage(queryLang: unknown, acceptLanguage: string | undefined): Language {
  const asked = Array.isArray(queryLang) ? queryLang[0] : queryLang;
  if (typeof asked === 'string' && asked.trim() !== '') return languageOfTag(asked) ?? 'en';
  if (!acceptLanguage) return 'en';
  const ranges = parseAcceptLanguage(acceptLanguage);
  const named = new Set(ranges.map((r) => (r.range === '*' ? undefined : languageOfTag(r.range))));
  for (const { range, q } of ranges) {
    if (q === 0) continue;
    const lang = range === '*' ? languages.find((l) => !named.has(l)) : languageOfTag(range);
    if (lang) return lang;
  }
  return 'en';
}

/** Adds a field to Vary without dropping those other plugins put there (CORS, compression). */
export function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('Vary');
  const fields =
    current === undefined
      ? []
      : String(current)
          .split(',')
          .map((f) => f.trim());
  if (fields.some((f) => f === '*' || f.toLowerCase() === field.toLowerCase())) return;
  reply.header('Vary', [...fields.filter(Boolean), field].join(', '));
}

/**
 * Every request gets its language (request.lang). Routes marked `config: { localised: true }` answer with
 * `Vary: Accept-Language` and `Content-Language`: the language asked for, or `en` on an error (messages stay the
 * contract's English).
 */
export const language = fp(async (app) => {
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (request, reply) => {
    const query: unknown = request.query;
    const lang = query && typeof query === 'object' ? (query as Record<string, unknown>).lang : undefined;
    request.lang = negotiateLanguage(lang, request.headers['accept-language']);
    if (request.routeOptions.config.localised) addVary(reply, 'Accept-Language');
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config.localised) {
      reply.header('Content-Language', reply.statusCode < 400 ? request.lang : 'en');
    }
    return payload;
  });
});
