// What a link-preview bot or a crawler reads of a page (Slack, WhatsApp, Facebook, X read the head and stop): the
// <html> language, the title, the meta tags, the links, the JSON-LD, the anchors. Used by the share links' API tests
// (tests/server/app/share-links.test.ts) and the link-preview journey (e2e/link-preview.spec.ts).
import { Parser } from 'htmlparser2';

export interface Preview {
  html: { lang?: string; dir?: string };
  title: string;
  /** meta name= and property= values, the first of each. */
  meta: Map<string, string>;
  links: { rel: string; href: string; hreflang?: string }[];
  jsonLd: unknown[];
  anchors: string[];
  scripts: number;
}

/** What a link-preview bot reads of a page. */
export function readPreview(html: string): Preview {
  const found: Preview = {
    html: {},
    title: '',
    meta: new Map(),
    links: [],
    jsonLd: [],
    anchors: [],
    scripts: 0,
  };
  let inTitle = false;
  let script: { type: string; text: string } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'html') found.html = { lang: attrs.lang, dir: attrs.dir };
        if (name === 'title') inTitle = true;
        if (name === 'meta') {
          const key = attrs.property ?? attrs.name ?? attrs['http-equiv'];
          if (key && attrs.content !== undefined && !found.meta.has(key)) found.meta.set(key, attrs.content);
        }
        if (name === 'link' && attrs.rel && attrs.href)
          found.links.push({ rel: attrs.rel, href: attrs.href, hreflang: attrs.hreflang });
        if (name === 'a' && attrs.href) found.anchors.push(attrs.href);
        if (name === 'script') {
          found.scripts += 1;
          script = { type: attrs.type ?? '', text: '' };
        }
      },
      ontext(text) {
        if (inTitle) found.title += text;
        if (script) script.text += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (name === 'script' && script) {
          if (script.type === 'application/ld+json') found.jsonLd.push(JSON.parse(script.text));
          script = null;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return found;
}
