import { earlyRequestsGlobal } from '@/lib/api/early-global';
import { cartPath, productPagePath, productPath } from '@/lib/api/paths';
import { imageWidths } from '@/lib/contract/images';
import {
  earlyPaintDoneAttribute,
  earlyPaintElementId,
  frameworkGateGlobal,
  prerenderedLoaderAttribute,
} from './names';

/**
 * The address of the early paint's script (under the base path); the head script loads it on product details, the
 * product list and the cart only (lib/session/boot-script.ts), so no other screen downloads a byte of it.
 */
export const earlyPaintScriptPath = '/early-paint.js';

/**
 * `src`/`srcset` of a picture at the widths our image route makes, as lib/api/images.ts gives them to React (so the
 * picture preloaded and drawn early is the one the screen asks for), or null for a picture on another host. ES5;
 * reads `c.apiHost`, `c.widths`, `c.fallbackWidth`.
 */
const responsivePictureSource =
  "function sized(url){var x=new URL(url,location.href),own=location.origin,api=c.apiHost?new URL(c.apiHost).origin:own;if(x.origin!==api&&x.origin!==own)return null;function at(width){var y=new URL(x.href);y.searchParams.set('w',String(width));return y.href}return{src:at(c.fallbackWidth),srcset:c.widths.map(function(width){return at(width)+' '+width+'w'}).join(', ')}}";

/** A text of the catalogue in each language. */
export interface BothLanguages {
  en: string;
  ar: string;
}

export interface EarlyPaintOptions {
  /** The spec's `{host}` (empty: same origin). */
  apiHost: string;
  /** `sizes` of product details' first picture (components/catalogue/lcp-pictures.ts). */
  detailsSizes: string;
  /** `sizes` of a product card's cover (the same file). */
  cardSizes: string;
  fallbackWidth: number;
  /** The rating's star (components/ui/catalogue-icons.tsx), its path in a 24-unit box. */
  starPath: string;
  /** Words the early paint writes, as the screens write them ('nav.home', 'products.title', …). */
  words: {
    home: BothLanguages;
    products: BothLanguages;
    filters: BothLanguages;
    search: BothLanguages;
    sortBy: BothLanguages;
    addToCart: BothLanguages;
    cart: BothLanguages;
    addFavorite: BothLanguages;
    remove: BothLanguages;
  };
  /** The favourite button's heart (components/cart/heart-path.ts), its path in a 24-unit box. */
  heartPath: string;
}

/** Cards of the product list drawn early: the rows of the first screen at any width (2 or 3 a row). */
export const earlyPaintCards = 6;

/** Lines of the cart drawn early: more than a first screen holds at any width. */
export const earlyPaintLines = 8;

/**
 * The three screens as they draw themselves, in the global tokens (their own styles arrive with their code). Fixed
 * over the prerendered loader (z-index 700), under the navbar (800), as tall as the loader.
 *
 * - Product details (product-details-screen.module.scss, grid.module.scss, the carousel's picture): the breadcrumb,
 *   the picture in its square, the title and the description.
 * - The product list (products-screen.module.scss, grid.module.scss, product-card.module.scss, rating.module.scss):
 *   the heading, the 'Filters' button (phones) or the filter column (empty from 992 px), the search and sort fields
 *   (empty), the count's line (empty: its plural forms stay with the screen), and the first cards whole.
 */
const css = [
  '#I{position:fixed;inset:var(--nav-height) 0 0;z-index:750;overflow:hidden;background:var(--color-bg);pointer-events:none}',
  '#I .p{width:100%;max-width:var(--content-max);margin-inline:auto;padding:var(--space-5) var(--space-4)}',
  '#I ol{display:flex;flex-wrap:wrap;gap:var(--space-1) var(--space-2);margin:0 0 var(--space-4);padding:0;list-style:none;font-size:.9rem}',
  '#I ol li{display:inline-flex;align-items:center;gap:var(--space-2);min-width:0;min-height:24px}',
  "#I ol li+li:before{content:'›';color:var(--color-text-muted)}",
  "[dir=rtl] #I ol li+li:before{content:'‹'}",
  '#I u{color:var(--color-primary)}',
  '#I ol li+li+li{overflow:hidden;color:var(--color-text-muted);text-overflow:ellipsis;white-space:nowrap}',
  '#I .l{display:grid;grid-template-columns:minmax(0,1fr);gap:var(--space-6)}',
  '#I .g{width:100%;max-width:480px;margin-inline:auto;padding-bottom:40px}',
  '#I .g img{width:100%;aspect-ratio:1;object-fit:contain;border-radius:var(--radius-lg);background:var(--color-surface)}',
  '#I .i{display:flex;flex-direction:column;gap:var(--space-3)}',
  '#I h1{font-size:clamp(1.4rem,1.1rem + 1.2vw,2rem)}',
  '#I .d{color:var(--color-text-muted)}',
  // Two columns from 768 px, centred on each other as the screen's are: the rest of the details (category, brand,
  // price, stock, quantity, the buttons) is about this tall below the description.
  '@media (min-width:768px){#I .l{grid-template-columns:minmax(0,5fr) minmax(0,7fr);align-items:center}#I .r{height:19rem}}',
  // The product list.
  '#I .h{margin-bottom:var(--space-4)}',
  '#I .L{display:grid;gap:var(--space-5)}',
  '#I .F,#I .b{display:flex;align-items:center;justify-content:center;min-height:44px;padding:0 var(--space-4);border:1px solid var(--color-border);border-radius:var(--radius);font-weight:600}',
  '#I .R{display:flex;flex-direction:column;gap:var(--space-2)}',
  '#I b{font-weight:600}',
  '#I .s b{white-space:nowrap}',
  '#I .f{display:block;width:100%;min-height:44px;border:1px solid var(--color-border);border-radius:var(--radius);background:var(--color-surface-raised)}',
  '#I .s{display:flex;align-items:center;gap:var(--space-3);margin-top:var(--space-3)}',
  '#I .n{height:1.5em}',
  '#I .c{display:grid;grid-template-columns:1fr;gap:var(--space-4);margin:0;padding:0;list-style:none}',
  '#I .k{height:100%;display:flex;flex-direction:column;gap:var(--space-3);padding:var(--space-3);border-radius:var(--radius-lg);background:var(--color-surface-raised);border:1px solid var(--color-border-subtle)}',
  '#I .a{display:flex;flex-direction:column;gap:var(--space-1)}',
  '#I .a img{width:100%;aspect-ratio:1;object-fit:contain;border-radius:var(--radius);background:var(--color-surface)}',
  '#I .y{margin-top:var(--space-2);color:var(--color-primary);font-size:.9rem;font-weight:600}',
  '#I h3{font-size:1.05rem;font-weight:700}',
  '#I .m{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:var(--space-1) var(--space-2)}',
  '#I .v{font-weight:600;white-space:nowrap}',
  '#I .t{flex:none;white-space:nowrap;display:inline-flex;align-items:center;gap:var(--space-1);font-weight:600}',
  '#I .t svg{flex:none;color:var(--color-star)}',
  '#I .b{width:100%;margin-top:auto;padding-inline:var(--space-2);text-align:center;border-color:transparent;background:var(--color-primary);color:var(--color-on-primary)}',
  '@media (min-width:340px) and (max-width:575.98px){#I .c{grid-template-columns:repeat(2,minmax(0,1fr));gap:var(--space-3)}}',
  '@media (min-width:576px){#I .c{grid-template-columns:repeat(2,minmax(0,1fr))}}',
  '@media (min-width:992px){#I .L{grid-template-columns:260px minmax(0,1fr);align-items:start}#I .F{visibility:hidden}#I .c{grid-template-columns:repeat(3,minmax(0,1fr))}}',
  // The cart.
  '#I .P{width:100%;max-width:var(--content-max);margin-inline:auto;padding:var(--space-6) var(--space-4) var(--space-7)}',
  '#I .H{font-size:1.75rem;margin-bottom:var(--space-5)}',
  '#I .G{display:grid;gap:var(--space-5)}',
  '#I .C{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:var(--space-3)}',
  '#I .e{display:grid;grid-template-columns:72px minmax(0,1fr);gap:var(--space-3);padding:var(--space-3);border:1px solid var(--color-border-subtle);border-radius:var(--radius-lg);background:var(--color-surface)}',
  '#I .e img{width:72px;height:96px;object-fit:cover;border-radius:var(--radius);background:var(--color-surface-raised)}',
  '#I .j{display:flex;flex-direction:column;gap:var(--space-2);min-width:0}',
  '#I h2{font-size:1.0625rem;line-height:1.3;overflow-wrap:anywhere}',
  '#I .w{font-weight:700;color:var(--color-primary);white-space:nowrap}',
  '#I .z{color:var(--color-text-muted);font-size:.9375rem}',
  '#I .x{display:flex;flex-wrap:wrap;gap:var(--space-2) var(--space-4)}',
  '#I .x span{display:inline-flex;align-items:center;justify-content:center;gap:var(--space-2);min-height:36px;padding:0 var(--space-2);border:1px solid transparent;border-radius:var(--radius);font-weight:600;color:var(--color-text-muted)}',
  '#I .x span+span{color:var(--color-danger)}',
  '#I .x svg{fill:none;stroke:currentColor;stroke-width:2}',
  '#I .q{grid-column:2;display:flex;flex-direction:column;align-items:flex-start;gap:var(--space-1)}',
  '#I .u{display:inline-flex;align-items:center;gap:var(--space-2)}',
  '#I .u i{display:inline-flex;align-items:center;justify-content:center;width:44px;min-height:44px;border:1px solid var(--color-border);border-radius:var(--radius);font-weight:600;font-size:1.25rem;font-style:normal}',
  '#I .u b{min-width:2.5ch;text-align:center;font-weight:700;font-size:1.125rem}',
  // A step the screen shows as unavailable (aria-disabled: no fewer than 1, no more than the stock).
  '#I .u .D{opacity:.65}',
  // The place of "Only N in stock" (its plural forms stay with the screen).
  '#I .o{height:1.3125rem}',
  '@media (min-width:576px){#I .e{grid-template-columns:96px minmax(0,1fr) auto;align-items:center;gap:var(--space-4);padding:var(--space-4)}#I .e img{width:96px;height:128px}#I .q{grid-column:3;align-items:center}}',
  '@media (min-width:992px){#I .G{grid-template-columns:minmax(0,1fr) 340px;align-items:start}}',
  // The prerendered loader's spinning logo, wholly under the layer: not drawn while the layer is (its status text stays
  // for assistive technology). A late change of the loader's text box used to move it out of sight, and the browser
  // counted that as a layout shift (the product list's journey saw one in a CI run).
  `[${prerenderedLoaderAttribute}] img{visibility:hidden;animation:none}`,
]
  .join('')
  .replace(/#I\b/g, `#${earlyPaintElementId}`);

/**
 * The early paint: the top of product details, the first screen of the product list or the cart's lines, drawn from
 * the head script's early answer before the storefront's code has arrived, so the shopper sees them (and the browser
 * paints the largest of them) while the framework is still downloading. Measured: bench/lcp-ab.ts. Plain ES5 in
 * try/catch, served as its own file (app/early-paint.js/route.ts) and loaded by the head script on those three routes.
 *
 * - Draws nothing unless the head script asked for the product, the list's first page or (on neither route) the cart,
 *   and the answer is one;
 *   nothing once a screen has taken over (`data-early-paint-done`) or the route has changed.
 * - Data only through `textContent` and attributes: a product's text is never markup.
 * - A layer outside React's tree, added at the end of <body> once the page is parsed (React leaves unknown nodes
 *   there alone), hidden from assistive technology: the loader underneath still says the page is loading, and the
 *   screen's own content replaces both.
 * - Goes when the screen takes over (lib/early-paint/handoff.ts) or the route changes.
 */
export function earlyPaintScript({
  apiHost,
  detailsSizes,
  cardSizes,
  fallbackWidth,
  starPath,
  heartPath,
  words,
}: EarlyPaintOptions): string {
  const config = {
    store: earlyRequestsGlobal,
    product: productPath(''),
    firstPage: productPagePath('', 1),
    id: earlyPaintElementId,
    done: earlyPaintDoneAttribute,
    gate: frameworkGateGlobal,
    apiHost,
    widths: imageWidths,
    fallbackWidth,
    detailsSizes,
    cardSizes,
    cards: earlyPaintCards,
    lines: earlyPaintLines,
    star: starPath,
    heart: heartPath,
    cart: cartPath,
    words,
    css,
  };
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `(function(c){${release}try{(function(){${body}})()}catch(e){release()}})(${json});\n`;
}

// One product card as components/catalogue/product-card.tsx draws it: the cover, the category, the title's first two
// words (lib/rules/title.ts), the price as lib/rules/money.ts writes it, the rating (components/catalogue/rating.tsx)
// and 'Add to cart'. tests/web/early-paint compares the two.
const card = `
function card(x,i,parent){
var q=el('div','k',null,el('li',null,null,parent)),a=el('div','a',null,q),n=x.price,v,t;
picture(x.imageCover,c.cardSizes,320,i===0,a);
if(x.category&&typeof x.category.name==='string')el('span','y',x.category.name,a).dir='auto';
el('h3',null,typeof x.title==='string'?x.title.trim().split(/\\s+/).slice(0,2).join(' '):'',a).dir='auto';
v=el('span','m',null,a);
if(typeof n==='number')el('span','v',money(n),v);
if(typeof x.ratingsAverage==='number'){t=el('span','t',null,v);
icon(c.star,16,'currentColor',t);
el('span',null,num(x.ratingsAverage),t)}
el('span','b',word('addToCart'),q)}
`;

// One line of the cart as components/cart/cart-lines.tsx and line-quantity.tsx draw it: the picture, the name, the
// price, "count × price = total" when more than one, the favourite and remove buttons, the count between − and + (each
// dimmed where the screen's is unavailable), and the place of the stock note when the count is at the stock. The order
// summary (the spec's formulas) and the phone's checkout bar are the screen's alone.
const line = `
function line(x,parent){
var p=x.product,e=el('li','e',null,parent),j,r,u,n=x.count,img=d.createElement('img');
img.src=p.imageCover;img.width=96;img.height=128;img.alt='';img.loading='lazy';e.appendChild(img);
j=el('div','j',null,e);
el('h2',null,p.title,j).dir='auto';
el('p','w',money(x.price),j);
if(n>1)el('p','z',num(n)+' × '+money(x.price)+' = '+money(n*x.price),j);
r=el('div','x',null,j);
icon(c.heart,18,'',el('span',null,null,r)).parentNode.appendChild(d.createTextNode(word('addFavorite')));
el('span',null,word('remove'),r);
u=el('div','q',null,e);
r=el('div','u',null,u);el('i',n<=1?'D':null,'-',r);el('b',null,num(n),r);el('i',n>=p.quantity?'D':null,'+',r);
if(n>=p.quantity)el('p','o',null,u)}
`;

// The framework's loader (framework-gate.ts) waits for this: the early paint's largest picture decoded and on screen
// (two frames after it was decoded), its failure, or nothing to draw. Called at every way out.
const release = `function release(){var r=window[c.gate];if(typeof r==='function')r();else window[c.gate]=1}`;

const shown = `
function shown(img){function after(){requestAnimationFrame(function(){requestAnimationFrame(release)})}
function loaded(){if(img.decode)img.decode().then(after,after);else after()}
if(!img)return after();
if(img.complete)loaded();else{img.addEventListener('load',loaded);img.addEventListener('error',release)}}
`;

const body = `
var w=window,d=document,s=w[c.store],k,key=null,list=false,bag=false,hash=location.hash,gone=false,root=d.documentElement,ar=root.lang==='ar',lead=null;
if(!s)return release();
for(k in s)if(k.indexOf(c.product)===0)key=k;else if(k===c.firstPage){key=k;list=true}
if(!key&&s[c.cart]){key=c.cart;bag=true}
if(!key)return release();
${responsivePictureSource}
function off(){gone=true;var o=d.getElementById(c.id);if(o&&o.parentNode)o.parentNode.removeChild(o)}
w.addEventListener('hashchange',off);
function preload(href,srcset,sizes){var l=d.createElement('link'),a={rel:'preload',as:'image',href:href,fetchpriority:'high'},k;if(srcset){a.imagesrcset=srcset;a.imagesizes=sizes}for(k in a)l.setAttribute(k,a[k]);d.head.appendChild(l)}
function el(tag,cls,text,parent){var e=d.createElement(tag);if(cls)e.className=cls;if(text!=null)e.textContent=text;if(parent)parent.appendChild(e);return e}
function word(name){return c.words[name][ar?'ar':'en']}
function digits(n,g,t){var x=String(n),p,w,f,k,i,o='';if(x.indexOf('e')>=0)x='0';p=x.split('.');w=p[0];f=p[1]||'';k=w+(f.slice(0,g)+'000').slice(0,g);if((f.charAt(g)||'0')>='5'){i=k.length-1;while(i>=0&&k.charAt(i)==='9')i--;k=i<0?'1'+k.replace(/9/g,'0'):k.slice(0,i)+(+k.charAt(i)+1)+k.slice(i+1).replace(/9/g,'0')}w=k.slice(0,k.length-g);f=k.slice(k.length-g);if(t)f=f.replace(/0+$/,'');for(i=0;i<w.length;i++){if(i&&(w.length-i)%3===0)o+=ar?'\\u066c':',';o+=w.charAt(i)}if(f)o+=(ar?'\\u066b':'.')+f;return ar?o.replace(/[0-9]/g,function(y){return String.fromCharCode(1632+ +y)}):o}
function money(n){var g=n%1===0?0:2,neg=n<0||1/n<0,w=digits(Math.abs(n),g);return ar?(neg?'\\u061c-':'')+'\\u200f'+w+'\\u00a0\\u062c.\\u0645.\\u200f':(neg?'-':'')+w+' EGP'}
function num(n){return ar?(n<0||1/n<0?'\\u061c-':'')+digits(Math.abs(n),3,1):String(n)}
function icon(path,size,fill,parent){var g=d.createElementNS('http://www.w3.org/2000/svg','svg'),y={width:size,height:size,viewBox:'0 0 24 24','aria-hidden':'true',focusable:'false'},z;if(fill)y.fill=fill;for(z in y)g.setAttribute(z,y[z]);
y=d.createElementNS('http://www.w3.org/2000/svg','path');y.setAttribute('d',path);g.appendChild(y);parent.appendChild(g);return g}
function picture(url,sizes,size,first,parent){var r=typeof url==='string'&&url?sized(url):null,img;if(typeof url!=='string'||!url)return;
if(first){if(r)preload(r.src,r.srcset,sizes);else preload(url)}
if(!parent)return;img=d.createElement('img');
if(r){img.src=r.src;img.srcset=r.srcset;img.sizes=sizes}else img.src=url;
img.width=size;img.height=size;img.alt='';if(first){img.setAttribute('fetchpriority','high');lead=img}else img.loading='lazy';parent.appendChild(img)}
${card}
${line}
${shown}
s[key].response.then(function(a){return a.ok?a.clone().json():null}).then(function(b){
var x=b&&b.data,o,page,crumbs,layout,info,i,first;
if(bag)x=x&&x.products;
if(bag||list?!(x instanceof Array)||!x.length||!x[0]:!x||typeof x.title!=='string')return release();
first=list?x[0].imageCover:x.images&&x.images.length?x.images[0]:x.imageCover;
if(gone||location.hash!==hash||root.hasAttribute(c.done)||d.getElementById(c.id)){if(!bag)picture(first,list?c.cardSizes:c.detailsSizes,0,true);return release()}
o=el('div');o.id=c.id;o.setAttribute('aria-hidden','true');
el('style',null,c.css,o);
page=el('div',bag?'P':'p',null,o);
if(bag){
el('h1','H',word('cart'),page);
crumbs=el('ul','C',null,el('div','G',null,page));
for(i=0;i<x.length&&i<c.lines;i++)if(x[i]&&x[i].product&&typeof x[i].product.title==='string'&&typeof x[i].count==='number')line(x[i],crumbs)}else if(list){
el('h1','h',word('products'),page);
layout=el('div','L',null,page);
el('div','F',word('filters'),layout);
info=el('div','R',null,layout);
el('b',null,word('search'),info);el('i','f',null,info);
crumbs=el('div','s',null,info);el('b',null,word('sortBy'),crumbs);el('i','f',null,crumbs);
el('span','n',null,info);
crumbs=el('ul','c',null,info);
for(i=0;i<x.length&&i<c.cards;i++)if(x[i])card(x[i],i,crumbs)}else{
crumbs=el('ol',null,null,page);
el('u',null,word('home'),el('li',null,null,crumbs));
if(x.category&&typeof x.category.name==='string')el('u',null,x.category.name,el('li',null,null,crumbs));
el('li',null,x.title,crumbs);
layout=el('div','l',null,page);
picture(first,c.detailsSizes,600,true,el('div','g',null,layout));
info=el('div','i',null,layout);
el('h1',null,x.title,info).dir='auto';
if(typeof x.description==='string')el('p','d',x.description,info).dir='auto';
el('div','r',null,info)}
function put(){if(gone||root.hasAttribute(c.done))return release();d.body.appendChild(o);shown(lead)}
if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',put);else put()})['catch'](release);
`
  .trim()
  .replace(/\n/g, '');
