// Links that preview (issue 29, item 2): a product's share address, /ecommerceweb/p/<id>, answers link-preview bots
// and crawlers with the product's own title, description, price and picture (Open Graph, Twitter, JSON-LD Product)
// and sends people on to the storefront's product screen; /robots.txt and /sitemap.xml at the server's root.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Product } from '@/lib/contract/catalogue';
import type { Language } from '@/lib/contract/common';
import { imageWidths } from '@/lib/contract/images';
import { basePath } from '@/lib/base-path';
import { formatEgp } from '@/lib/rules/money';
import { activeProducts, shopProduct } from '../modules/catalogue';

/** A sitemap holds at most 50,000 addresses (sitemaps.org); more, and /sitemap.xml is an index of pages. */
export const sitemapLimit = 50_000;

export interface ShareOptions {
  /** Addresses per sitemap file (tests use a small one to see the index and its pages). */
  sitemapPageSize?: number;
}

/** Text and attribute values in HTML and XML. */
export function escapeMarkup(value: string): string {
  return value.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;',
  );
}

/** At most `max` characters, cut at a word boundary with an ellipsis; white space runs made single spaces. */
export function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?،؛-]+$/, '')}…`;
}

/** The product's share address on PUBLIC_URL. */
export function shareUrl(publicUrl: string, id: string): string {
  return `${publicUrl}${basePath}/p/${encodeURIComponent(id)}`;
}

const words = {
  en: {
    open: 'Open in the shop',
    price: 'Price',
    gone: 'This product is not in the shop.',
    home: 'Go to the shop',
  },
  ar: {
    open: 'افتح في المتجر',
    price: 'السعر',
    gone: 'هذا المنتج غير موجود في المتجر.',
    home: 'اذهب إلى المتجر',
  },
} as const;

const ogLocale: Record<Language, string> = { en: 'en_US', ar: 'ar_EG' };

/** The picture for a preview: ours at the image route's largest width, anyone else's as it is. */
function previewImage(publicUrl: string, imageCover: string): string {
  if (!imageCover.startsWith(`${publicUrl}/images/`)) return imageCover;
  return `${imageCover}?w=${Math.max(...imageWidths)}`;
}

interface ShareContext {
  publicUrl: string;
  shopName: string;
  /** The language was asked for in the address (`?lang=ar`): the shop opens in it too. */
  langAsked?: boolean;
}

/** The share page of one product in one language. */
export function sharePage(
  product: Product,
  lang: Language,
  { publicUrl, shopName, langAsked = false }: ShareContext,
): string {
  const e = escapeMarkup;
  const url = shareUrl(publicUrl, product.id);
  const screen = `${publicUrl}${basePath}/${langAsked ? `?lang=${lang}` : ''}#/productDetails/${encodeURIComponent(product.id)}`;
  const title = `${product.title} · ${shopName}`;
  const description = summary(product.description);
  const image = previewImage(publicUrl, product.imageCover);
  const price = product.priceAfterDiscount ?? product.price;
  const inStock = product.quantity > 0;
  const other: Language = lang === 'ar' ? 'en' : 'ar';
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: product.description,
    image: [image],
    sku: product.id,
    productID: product.id,
    brand: { '@type': 'Brand', name: product.brand.name },
    offers: {
      '@type': 'Offer',
      price: String(price),
      priceCurrency: 'EGP',
      availability: `https://schema.org/${inStock ? 'InStock' : 'OutOfStock'}`,
      url,
    },
  };
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${e(content)}">`;
  return [
    '<!doctype html>',
    `<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<title>${e(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${e(url)}">`,
    `<link rel="alternate" hreflang="${lang}" href="${e(`${url}?lang=${lang}`)}">`,
    `<link rel="alternate" hreflang="${other}" href="${e(`${url}?lang=${other}`)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    meta('property', 'og:type', 'product'),
    meta('property', 'og:title', product.title),
    meta('property', 'og:description', description),
    meta('property', 'og:image', image),
    meta('property', 'og:image:alt', product.title),
    meta('property', 'og:url', url),
    meta('property', 'og:site_name', shopName),
    meta('property', 'og:locale', ogLocale[lang]),
    meta('property', 'og:locale:alternate', ogLocale[other]),
    meta('property', 'product:price:amount', String(price)),
    meta('property', 'product:price:currency', 'EGP'),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', product.title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    // `<` escaped, so no text can close the element.
    `<script type="application/ld+json">${JSON.stringify(jsonLd).replace(/</g, '\\u003c')}</script>`,
    // People go on to the storefront's screen; the server's policy allows no inline script, so no location.replace.
    `<meta http-equiv="refresh" content="${e(`0; url=${screen}`)}">`,
    '</head>',
    '<body>',
    `<h1>${e(product.title)}</h1>`,
    `<p>${e(description)}</p>`,
    `<p>${words[lang].price}: ${e(formatEgp(price, lang))}</p>`,
    `<p><a href="${e(screen)}">${words[lang].open}</a> · ${e(shopName)}</p>`,
    '</body>',
    '</html>',
  ].join('\n');
}

/** The share address of a product the shop does not show: the shop's name and its home. */
export function notFoundPage(lang: Language, { publicUrl, shopName }: ShareContext): string {
  const e = escapeMarkup;
  return [
    '<!doctype html>',
    `<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`,
    '<head><meta charset="utf-8">',
    `<title>${e(`${words[lang].gone} · ${shopName}`)}</title>`,
    '<meta name="robots" content="noindex">',
    '</head>',
    `<body><h1>${e(shopName)}</h1><p>${words[lang].gone}</p>`,
    `<p><a href="${e(`${publicUrl}${basePath}/`)}">${words[lang].home}</a></p></body>`,
    '</html>',
  ].join('\n');
}

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    `Disallow: ${basePath}/admin/`,
    'Disallow: /pay/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** Rows read per query while a sitemap is written: one page is never held in memory whole. */
const batch = 1000;

/**
 * A sitemap's addresses are the shop's home then every active product's share address, in id order: address `i`
 * (0, the home) is product `i - 1`. Page `n` (from 1) holds addresses `(n - 1) * size` to `n * size - 1`.
 */
async function* urlset(
  app: FastifyInstance,
  { first, count }: { first: number; count: number },
): AsyncGenerator<string> {
  const { publicUrl } = app.ctx.config;
  const db = app.ctx.database.db;
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  let left = count;
  if (first === 0 && left > 0) {
    yield `<url><loc>${escapeMarkup(`${publicUrl}${basePath}/`)}</loc></url>\n`;
    left -= 1;
  }
  let skip = Math.max(0, first - 1);
  let afterId: string | undefined;
  while (left > 0) {
    const rows = await activeProducts.ids(db, { afterId, skip, limit: Math.min(batch, left) });
    if (rows.length === 0) break;
    yield rows
      .map(
        (r) =>
          `<url><loc>${escapeMarkup(shareUrl(publicUrl, r.id))}</loc>` +
          `<lastmod>${r.updatedAt.toISOString().slice(0, 10)}</lastmod></url>\n`,
      )
      .join('');
    left -= rows.length;
    afterId = rows.at(-1)?.id;
    skip = 0;
  }
  yield '</urlset>\n';
}

function sendXml(reply: FastifyReply, body: string | Readable) {
  return reply
    .type('application/xml; charset=utf-8')
    .header('Cache-Control', 'public, max-age=3600')
    .send(body);
}

export async function shareRoutes(app: FastifyInstance, options: ShareOptions) {
  const pageSize = options.sitemapPageSize ?? sitemapLimit;
  const site = () => ({ publicUrl: app.ctx.config.publicUrl, shopName: app.ctx.config.shopName });

  app.get<{ Params: { id: string } }>(
    `${basePath}/p/:id`,
    { config: { localised: true } },
    async (request, reply) => {
      const product = await shopProduct(app.ctx, request.params.id, request.lang);
      reply.type('text/html; charset=utf-8');
      if (!product)
        return reply.status(404).header('Cache-Control', 'no-cache').send(notFoundPage(request.lang, site()));
      const asked = (request.query as Record<string, unknown>).lang;
      return reply
        .header('Cache-Control', 'public, max-age=300')
        .send(sharePage(product, request.lang, { ...site(), langAsked: asked === 'ar' || asked === 'en' }));
    },
  );

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(robotsTxt(app.ctx.config.publicUrl)),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    const addresses = 1 + (await activeProducts.count(app.ctx.database.db));
    if (addresses <= pageSize)
      return sendXml(reply, Readable.from(urlset(app, { first: 0, count: addresses })));
    const pages = Math.ceil(addresses / pageSize);
    const { publicUrl } = app.ctx.config;
    const entries = Array.from(
      { length: pages },
      (_, i) =>
        `<sitemap><loc>${escapeMarkup(`${publicUrl}/sitemap-products-${i + 1}.xml`)}</loc></sitemap>\n`,
    );
    return sendXml(
      reply,
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</sitemapindex>\n`,
    );
  });

  app.get<{ Params: { n: string } }>('/sitemap-products-:n(^\\d{1,9}).xml', async (request, reply) => {
    const n = Number(request.params.n);
    const addresses = 1 + (await activeProducts.count(app.ctx.database.db));
    if (n < 1 || (n - 1) * pageSize >= addresses)
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send('Not found');
    const first = (n - 1) * pageSize;
    return sendXml(
      reply,
      Readable.from(urlset(app, { first, count: Math.min(pageSize, addresses - first) })),
    );
  });
}
