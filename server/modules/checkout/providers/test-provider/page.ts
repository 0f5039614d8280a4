// Server-rendered HTML for the hosted test payment page. Plain HTML forms: it works without JavaScript and
// shares nothing with the storefront bundle; its one script only applies the shop's theme. Every dynamic
// value passes through escapeHtml. The card number and CVC are never written back into the page. It speaks
// the shopper's language (texts.ts): English left to right, Arabic right to left, laid out with logical
// properties only (start/end, inline/block), so one stylesheet serves both directions.
import type { Language } from '@/lib/contract/common';
import type { CardField } from './card';
import { pageTexts, type PageTexts, type RichText } from './texts';

export interface PageLine {
  title: string;
  count: number;
  unitPrice: number;
}

export interface PageSummary {
  original: number;
  tax: number;
  savings: number;
  total: number;
}

export interface PayFormView {
  sessionId: string;
  shopName: string;
  lines: PageLine[];
  summary: PageSummary;
  cancelUrl: string;
  csrfToken: string;
  /** Field problems, shown inline and in the summary. */
  errors?: Partial<Record<CardField, string>>;
  /** A decline: the card was read but refused. */
  declined?: string;
  /** Values worth keeping after a failed attempt; never the card number or CVC. */
  values?: { expiry?: string; cardName?: string };
  nonce: string;
  /** The page's language; English when not given. */
  lang?: Language;
}

export interface MessageView {
  shopName: string;
  title: string;
  heading: string;
  paragraphs: string[];
  link?: { href: string; text: string };
  tone: 'info' | 'success' | 'error';
  nonce: string;
  lang?: Language;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Whole pounds as the language writes money (a fixed locale per language: every server renders the same). */
export function formatEgp(pounds: number, lang: Language = 'en'): string {
  return pageTexts[lang].money(pounds);
}

/** Text with card numbers isolated left to right (a right-to-left line would reverse their groups). */
function rich(text: RichText): string {
  return text
    .map((part) =>
      typeof part === 'string' ? escapeHtml(part) : `<span dir="ltr">${escapeHtml(part.ltr)}</span>`,
    )
    .join('');
}

const fieldOrder: CardField[] = ['cardNumber', 'expiry', 'cvc', 'cardName'];
const fieldIds: Record<CardField, string> = {
  cardNumber: 'card-number',
  expiry: 'card-expiry',
  cvc: 'card-cvc',
  cardName: 'card-name',
};

// Colours are the storefront's tokens (styles/tokens.scss); each text/background pair meets
// WCAG AA in both schemes. The page takes the shopper's theme from the shop (local storage 'dark', set by
// the theme script below on this same origin) and, without one, the device's colour scheme.
const darkTokens =
  'color-scheme:dark;--bg:#111513;--surface:#1a201d;--raised:#202724;--text:#e9eeeb;--muted:#b4beb9;--border:#7d8984;--subtle:#2e3733;--primary:#5fd394;--primary-hover:#86e0ae;--on-primary:#07140d;--danger:#ff8a80;--danger-bg:#2a1513;--success:#5fd394;--success-bg:#12261b;--focus:#8ab4ff';
const styles = `
:root{color-scheme:light;--bg:#fff;--surface:#f3f6f4;--raised:#fff;--text:#18201c;--muted:#4a5550;--border:#8a9690;--subtle:#dde3e0;--primary:#0a6e37;--primary-hover:#075a2c;--on-primary:#fff;--danger:#b3261e;--danger-bg:#fdecea;--success:#0a6e37;--success-bg:#e6f4ec;--focus:#1a5fd0}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){${darkTokens}}}
:root[data-theme=dark]{${darkTokens}}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;min-height:100vh;background:var(--surface);color:var(--text);font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif;font-size:1rem;line-height:1.5}
a{color:var(--primary)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.skip{position:absolute;inset-inline-start:-9999px;inset-block-start:0}.skip:focus{inset-inline-start:8px;inset-block-start:8px;background:var(--raised);padding:8px 12px;z-index:1}
header{background:var(--raised);border-block-end:1px solid var(--subtle)}
.bar{max-width:960px;margin:0 auto;padding:12px 16px;display:flex;align-items:center;justify-content:space-between;gap:12px;flex-wrap:wrap}
.brand{display:flex;align-items:center;gap:10px;font-weight:700;font-size:1.15rem}
.brand svg{width:36px;height:36px;flex:none}
.badge{font-size:.875rem;color:var(--muted);display:flex;align-items:center;gap:6px}
main{max-width:960px;margin:0 auto;padding:24px 16px 48px}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 16px}
h2{font-size:1.125rem;margin:0 0 12px}
.grid{display:grid;gap:24px}
@media (min-width:768px){.grid{grid-template-columns:1fr 1fr;align-items:start}}
.card{background:var(--raised);border:1px solid var(--subtle);border-radius:14px;padding:20px}
table{width:100%;border-collapse:collapse;font-size:.95rem}
th,td{padding:8px 0;text-align:start;vertical-align:top;border-block-end:1px solid var(--subtle)}
th{font-weight:600;color:var(--muted);font-size:.85rem}
td.num,th.num{text-align:end;white-space:nowrap;padding-inline-start:12px}
.sum{margin:12px 0 0;display:grid;grid-template-columns:1fr auto;gap:4px 0}
.sum dt{color:var(--muted)}.sum dd{margin:0;padding-inline-start:12px;text-align:end;white-space:nowrap}
.sum .total{font-weight:700;font-size:1.1rem;color:var(--text);padding-block-start:8px;border-block-start:1px solid var(--subtle)}
.field{margin:0 0 16px}
label{display:block;font-weight:600;margin:0 0 4px}
.hint{display:block;color:var(--muted);font-size:.875rem;margin:0 0 4px}
input{display:block;width:100%;min-height:44px;padding:8px 12px;border:1px solid var(--border);border-radius:8px;background:var(--bg);color:var(--text);font:inherit}
input[aria-invalid=true]{border:2px solid var(--danger)}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px;align-items:end}
.err{display:block;color:var(--danger);font-weight:600;font-size:.9rem;margin:0 0 4px}
.summary{border:2px solid var(--danger);background:var(--danger-bg);border-radius:8px;padding:12px 16px;margin:0 0 16px}
.summary h2{color:var(--danger);font-size:1rem;margin:0 0 4px}
.summary ul{margin:0;padding-inline-start:20px}.summary a{color:var(--text);font-weight:600}
.summary p{margin:0}
.actions{display:flex;flex-direction:column;gap:12px;margin-top:8px}
button{display:inline-flex;align-items:center;justify-content:center;min-height:48px;padding:0 16px;border:0;border-radius:8px;background:var(--primary);color:var(--on-primary);font:inherit;font-weight:700;cursor:pointer;width:100%}
button:hover{background:var(--primary-hover)}
.cancel{align-self:center;padding:8px;font-weight:600}
.note{color:var(--muted);font-size:.875rem;margin:16px 0 0}
.msg{max-width:560px;margin:0 auto}
.msg p{margin:0 0 12px}
.msg.error h1{color:var(--danger)}.msg.success h1{color:var(--success)}
.msg .go{display:inline-block;margin-top:8px;font-weight:700}
`;

const logo = `<svg viewBox="0 0 48 48" aria-hidden="true" focusable="false"><circle cx="24" cy="24" r="23" fill="#0a6e37"/><path d="M11 14h4l4.2 15.2a2 2 0 0 0 1.9 1.5h11.8a2 2 0 0 0 1.9-1.4L37.5 19H17.4" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/><circle cx="21.5" cy="36" r="2.5" fill="#fff"/><circle cx="33" cy="36" r="2.5" fill="#fff"/></svg>`;
const lock = `<svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5zm-3 8V7a3 3 0 0 1 6 0v3H9z"/></svg>`;

/**
 * The shop's theme choice (spec: local storage 'dark', a boolean), applied before the first paint. The one
 * script of the page, allowed by its nonce; without script the device's scheme still applies.
 */
export const payThemeScript =
  "try{var d=JSON.parse(localStorage.getItem('dark'));if(d===true||d===false)document.documentElement.setAttribute('data-theme',d?'dark':'light')}catch(e){}";

function layout(opts: {
  title: string;
  shopName: string;
  nonce: string;
  body: string;
  t: PageTexts;
}): string {
  const { t } = opts;
  return `<!doctype html>
<html lang="${t.lang}"${t.dir === 'rtl' ? ' dir="rtl"' : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<script nonce="${escapeHtml(opts.nonce)}">${payThemeScript}</script>
<meta name="robots" content="noindex">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(opts.title)} · ${escapeHtml(opts.shopName)}</title>
<style nonce="${escapeHtml(opts.nonce)}">${styles}</style>
</head>
<body>
<a class="skip" href="#main">${escapeHtml(t.skipToMain)}</a>
<header><div class="bar"><div class="brand">${logo}<span>${escapeHtml(opts.shopName)}</span></div><p class="badge">${lock}<span>${escapeHtml(t.testBadge)}</span></p></div></header>
<main id="main">
${opts.body}
</main>
</body>
</html>`;
}

function fieldError(field: CardField, errors: PayFormView['errors'], t: PageTexts): string {
  const msg = errors?.[field];
  return msg
    ? `<span class="err" id="${fieldIds[field]}-error"><span class="visually-hidden">${escapeHtml(t.errorPrefix)}</span>${escapeHtml(msg)}</span>`
    : '';
}

/** Card number, expiry and CVC are typed and read left to right, in any page direction. */
const ltrFields = new Set<CardField>(['cardNumber', 'expiry', 'cvc']);

function inputAttrs(field: CardField, errors: PayFormView['errors'], t: PageTexts, hintId?: string): string {
  const described = [hintId, errors?.[field] ? `${fieldIds[field]}-error` : undefined]
    .filter(Boolean)
    .join(' ');
  const dir = t.dir === 'rtl' && ltrFields.has(field) ? ' dir="ltr"' : '';
  return `id="${fieldIds[field]}" name="${field}"${dir}${described ? ` aria-describedby="${described}"` : ''}${errors?.[field] ? ' aria-invalid="true"' : ''}`;
}

/**
 * The form posts back to this page in its own language (`?lang=`): a declined card or a form error is answered in
 * the language the shopper was reading, also when the page's address chose it rather than the session.
 */
export function renderPayForm(view: PayFormView): string {
  const { errors, declined, values, summary } = view;
  const t = pageTexts[view.lang ?? 'en'];
  const problems: { href: string; text: string }[] = [];
  if (declined) problems.push({ href: `#${fieldIds.cardNumber}`, text: declined });
  for (const field of fieldOrder) {
    const msg = errors?.[field];
    if (msg) problems.push({ href: `#${fieldIds[field]}`, text: msg });
  }
  // No script moves focus, so the summary takes it with autofocus: a screen reader hears the
  // problems first and Tab continues to the links and then the fields.
  const errorSummary = problems.length
    ? `<div class="summary" role="alert" tabindex="-1" autofocus aria-labelledby="error-summary-title">
<h2 id="error-summary-title">${escapeHtml(declined && problems.length === 1 ? t.paymentNotCompleted : t.thereIsAProblem)}</h2>
<ul>${problems.map((p) => `<li><a href="${p.href}">${escapeHtml(p.text)}</a></li>`).join('')}</ul>
</div>`
    : '';

  const pieces = view.lines.reduce((n, l) => n + l.count, 0);
  const rows = view.lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.title)}</td><td class="num">${escapeHtml(t.count(l.count))}</td><td class="num">${escapeHtml(t.money(l.unitPrice * l.count))}</td></tr>`,
    )
    .join('');

  const body = `<h1>${escapeHtml(t.payShop(view.shopName))}</h1>
<div class="grid">
<section class="card" aria-labelledby="order-title">
<h2 id="order-title">${escapeHtml(t.yourOrder)}</h2>
<table>
<caption class="visually-hidden">${escapeHtml(t.itemsCaption)}</caption>
<thead><tr><th scope="col">${escapeHtml(t.item)}</th><th scope="col" class="num">${escapeHtml(t.qty)}</th><th scope="col" class="num">${escapeHtml(t.price)}</th></tr></thead>
<tbody>${rows}</tbody>
</table>
<dl class="sum">
<dt>${escapeHtml(t.originalPrice)}</dt><dd>${escapeHtml(t.money(summary.original))}</dd>
<dt>${escapeHtml(t.savings)}</dt><dd>${escapeHtml(t.minusMoney(summary.savings))}</dd>
<dt>${escapeHtml(t.tax)}</dt><dd>${escapeHtml(t.money(summary.tax))}</dd>
<dt>${escapeHtml(t.cartItems)}</dt><dd>${escapeHtml(t.itemsAndPieces(view.lines.length, pieces))}</dd>
<dt class="total">${escapeHtml(t.total)}</dt><dd class="total" id="amount">${escapeHtml(t.money(summary.total))}</dd>
</dl>
</section>
<section class="card" aria-labelledby="card-title">
<h2 id="card-title">${escapeHtml(t.cardDetails)}</h2>
${errorSummary}
<form method="post" action="${escapeHtml(`${encodeURIComponent(view.sessionId)}?lang=${t.lang}`)}" novalidate>
<input type="hidden" name="csrf" value="${escapeHtml(view.csrfToken)}">
<div class="field">
<label for="${fieldIds.cardNumber}">${escapeHtml(t.cardNumber)}</label>
<span class="hint" id="card-number-hint">${rich(t.testCardHint)}</span>
${fieldError('cardNumber', errors, t)}
<input ${inputAttrs('cardNumber', errors, t, 'card-number-hint')} type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23" required>
</div>
<div class="row">
<div class="field">
<label for="${fieldIds.expiry}">${escapeHtml(t.expiry)}</label>
${fieldError('expiry', errors, t)}
<input ${inputAttrs('expiry', errors, t)} type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="${escapeHtml(t.expiryPlaceholder)}" value="${escapeHtml(values?.expiry ?? '')}" required>
</div>
<div class="field">
<label for="${fieldIds.cvc}">${escapeHtml(t.cvc)}</label>
${fieldError('cvc', errors, t)}
<input ${inputAttrs('cvc', errors, t)} type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required>
</div>
</div>
<div class="field">
<label for="${fieldIds.cardName}">${escapeHtml(t.nameOnCard)}</label>
${fieldError('cardName', errors, t)}
<input ${inputAttrs('cardName', errors, t)} type="text" autocomplete="cc-name" maxlength="100" value="${escapeHtml(values?.cardName ?? '')}" required>
</div>
<div class="actions">
<button type="submit">${escapeHtml(t.payAmount(t.money(summary.total)))}</button>
<a class="cancel" href="${escapeHtml(view.cancelUrl)}">${escapeHtml(t.cancel)}</a>
</div>
</form>
<p class="note">${rich(t.note)}</p>
</section>
</div>`;
  return layout({ title: t.pageTitle, shopName: view.shopName, nonce: view.nonce, body, t });
}

export function renderMessage(view: MessageView): string {
  const body = `<div class="card msg ${view.tone}">
<h1>${escapeHtml(view.heading)}</h1>
${view.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${view.link ? `<a class="go" href="${escapeHtml(view.link.href)}">${escapeHtml(view.link.text)}</a>` : ''}
</div>`;
  return layout({
    title: view.title,
    shopName: view.shopName,
    nonce: view.nonce,
    body,
    t: pageTexts[view.lang ?? 'en'],
  });
}
