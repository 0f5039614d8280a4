// A Shopify description ("Body (HTML)" / "Description") as our plain-text description: tags dropped (the text of
// scripts, styles and other non-content elements with them), entities decoded, paragraphs and line breaks kept
// as line breaks, list items as "- " lines, runs of spaces folded. htmlparser2 (the parser sanitize-html is built
// on) reads it; nothing of the markup survives, so nothing of it can run on the storefront.
import { Parser } from 'htmlparser2';

const blocks = new Set([
  'p',
  'div',
  'br',
  'li',
  'ul',
  'ol',
  'tr',
  'table',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'section',
  'article',
  'header',
  'footer',
  'pre',
  'hr',
]);
const dropped = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'svg',
  'math',
  'head',
]);

/** Whether a cell holds markup or entities at all (plain text is kept exactly as written, line breaks included). */
export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-zA-Z!][^>]*>|&(#\d+|#x[0-9a-fA-F]+|[a-zA-Z]+);/.test(text);
}

export function htmlToText(html: string): string {
  if (!looksLikeHtml(html)) return html.trim();
  let out = '';
  let skipDepth = 0;
  const newline = () => {
    out = out.replace(/[ \t]+$/, '');
    if (out !== '' && !out.endsWith('\n')) out += '\n';
  };
  const parser = new Parser(
    {
      onopentag(name) {
        if (dropped.has(name)) skipDepth++;
        else if (blocks.has(name)) {
          newline();
          if (name === 'li') out += '- ';
        }
      },
      onclosetag(name) {
        if (dropped.has(name)) skipDepth = Math.max(0, skipDepth - 1);
        else if (blocks.has(name)) newline();
      },
      ontext(text) {
        if (skipDepth > 0) return;
        const folded = text.replace(/\s+/g, ' ');
        out += out === '' || out.endsWith('\n') ? folded.replace(/^ /, '') : folded;
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return out
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
