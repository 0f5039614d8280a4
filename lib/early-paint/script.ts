import { earlyRequestsGlobal } from '@/lib/api/early';
import { productPath } from '@/lib/api/paths';
import { imageWidths } from '@/lib/contract/images';
import { earlyPaintDoneAttribute, earlyPaintElementId } from './names';

/**
 * The address of the early paint's script (under the base path); the head script loads it on the product details
 * route only (lib/session/boot-script.ts), so no other screen downloads a byte of it.
 */
export const earlyPaintScriptPath = '/early-paint.js';

/**
 * One ES5 function, shared by the head script and the early paint so the picture the head script preloads is the
 * one drawn: `src`/`srcset` of a picture at the widths our image route makes (lib/api/images.ts does the same for
 * React), or null for a picture on another host. Reads `c.apiHost`, `c.widths`, `c.fallbackWidth`.
 */
export const responsivePictureSource =
  "function sized(url){var x=new URL(url,location.href),own=location.origin,api=c.apiHost?new URL(c.apiHost).origin:own;if(x.origin!==api&&x.origin!==own)return null;function at(width){var y=new URL(x.href);y.searchParams.set('w',String(width));return y.href}return{src:at(c.fallbackWidth),srcset:c.widths.map(function(width){return at(width)+' '+width+'w'}).join(', ')}}";

export interface EarlyPaintOptions {
  /** The spec's `{host}` (empty: same origin). */
  apiHost: string;
  /** `sizes` of product details' first picture (components/catalogue/lcp-pictures.ts). */
  detailsSizes: string;
  fallbackWidth: number;
  /** The breadcrumb's first link, in each language ('nav.home'). */
  home: { en: string; ar: string };
}

/**
 * Product details' top as the screen draws it (product-details-screen.module.scss, grid.module.scss, the
 * carousel's picture) in the global tokens, since the screen's own styles arrive with its code: the breadcrumb, the
 * picture in its square, the title and the description. Fixed over the prerendered loader (z-index 700), under the
 * navbar (800), as tall as the loader.
 */
const css = [
  '#I{position:fixed;inset:var(--nav-height) 0 0;z-index:750;overflow:hidden;background:var(--color-bg);pointer-events:none}',
  '#I .p{width:100%;max-width:var(--content-max);margin-inline:auto;padding:var(--space-5) var(--space-4)}',
  '#I ol{display:flex;flex-wrap:wrap;gap:var(--space-1) var(--space-2);margin:0 0 var(--space-4);padding:0;list-style:none;font-size:.9rem}',
  '#I li{display:inline-flex;align-items:center;gap:var(--space-2);min-width:0;min-height:24px}',
  "#I li+li:before{content:'›';color:var(--color-text-muted)}",
  "[dir=rtl] #I li+li:before{content:'‹'}",
  '#I u{color:var(--color-primary)}',
  '#I li+li+li{overflow:hidden;color:var(--color-text-muted);text-overflow:ellipsis;white-space:nowrap}',
  '#I .l{display:grid;grid-template-columns:minmax(0,1fr);gap:var(--space-6)}',
  '#I .g{width:100%;max-width:480px;margin-inline:auto;padding-bottom:40px}',
  '#I img{width:100%;aspect-ratio:1;object-fit:contain;border-radius:var(--radius-lg);background:var(--color-surface)}',
  '#I .i{display:flex;flex-direction:column;gap:var(--space-3)}',
  '#I h1{font-size:clamp(1.4rem,1.1rem + 1.2vw,2rem)}',
  '#I .d{color:var(--color-text-muted)}',
  // Two columns from 768 px, centred on each other as the screen's are: the rest of the details (category, brand,
  // price, stock, quantity, the buttons) is about this tall below the description.
  '@media (min-width:768px){#I .l{grid-template-columns:minmax(0,5fr) minmax(0,7fr);align-items:center}#I .r{height:19rem}}',
]
  .join('')
  .replace(/#I\b/g, `#${earlyPaintElementId}`);

/**
 * The early paint: product details' top drawn from the head script's early answer, before the storefront's code
 * has arrived, so the shopper sees the product (and the browser paints its largest picture) while the framework is
 * still downloading. Measured: bench/lcp-ab.ts. Plain ES5 in try/catch, served as its own file
 * (app/early-paint.js/route.ts) and loaded by the head script on the product details route only.
 *
 * - Draws nothing unless the head script asked for the product and the answer is a product; nothing once a screen
 *   has taken over (`data-early-paint-done`) or the route has changed.
 * - Data only through `textContent` and attributes: a product's text is never markup.
 * - A layer outside React's tree, added at the end of <body> once the page is parsed (React leaves unknown nodes
 *   there alone), hidden from assistive technology: the loader underneath still says the page is loading, and the
 *   screen's own content replaces both.
 * - Goes when the screen takes over (lib/early-paint/handoff.ts) or the route changes.
 */
export function earlyPaintScript({ apiHost, detailsSizes, fallbackWidth, home }: EarlyPaintOptions): string {
  const config = {
    store: earlyRequestsGlobal,
    product: productPath(''),
    id: earlyPaintElementId,
    done: earlyPaintDoneAttribute,
    apiHost,
    widths: imageWidths,
    fallbackWidth,
    sizes: detailsSizes,
    home,
    css,
  };
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `(function(c){try{(function(){${body}})()}catch(e){}})(${json});\n`;
}

const body = `
var w=window,d=document,s=w[c.store],k,key=null,hash=location.hash,gone=false;
if(!s)return;
for(k in s)if(k.indexOf(c.product)===0)key=k;
if(!key)return;
${responsivePictureSource}
function off(){gone=true;var o=d.getElementById(c.id);if(o&&o.parentNode)o.parentNode.removeChild(o)}
w.addEventListener('hashchange',off);
function preload(href,srcset){var l=d.createElement('link'),a={rel:'preload',as:'image',href:href,fetchpriority:'high'},k;if(srcset){a.imagesrcset=srcset;a.imagesizes=c.sizes}for(k in a)l.setAttribute(k,a[k]);d.head.appendChild(l)}
function el(tag,cls,text,parent){var e=d.createElement(tag);if(cls)e.className=cls;if(text!=null)e.textContent=text;if(parent)parent.appendChild(e);return e}
s[key].response.then(function(a){return a.ok?a.clone().json():null}).then(function(b){
var x=b&&b.data,root=d.documentElement,url=x&&(x.images&&x.images.length?x.images[0]:x.imageCover),r;
if(typeof url!=='string')url='';
r=url?sized(url):null;
if(r)preload(r.src,r.srcset);else if(url)preload(url);
if(!x||typeof x.title!=='string'||gone||location.hash!==hash||root.hasAttribute(c.done)||d.getElementById(c.id))return;
var o=el('div'),page,crumbs,layout,gallery,info,img=d.createElement('img');
o.id=c.id;o.setAttribute('aria-hidden','true');
el('style',null,c.css,o);
page=el('div','p',null,o);
crumbs=el('ol',null,null,page);
el('u',null,c.home[root.lang==='ar'?'ar':'en'],el('li',null,null,crumbs));
if(x.category&&typeof x.category.name==='string')el('u',null,x.category.name,el('li',null,null,crumbs));
el('li',null,x.title,crumbs);
layout=el('div','l',null,page);
gallery=el('div','g',null,layout);
if(r||url){
if(r){img.src=r.src;img.srcset=r.srcset;img.sizes=c.sizes}else img.src=url;
img.width=600;img.height=600;img.alt='';img.setAttribute('fetchpriority','high');gallery.appendChild(img)}
info=el('div','i',null,layout);
el('h1',null,x.title,info).dir='auto';
if(typeof x.description==='string')el('p','d',x.description,info).dir='auto';
el('div','r',null,info);
if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',function(){if(!gone&&!root.hasAttribute(c.done))d.body.appendChild(o)});else d.body.appendChild(o)})['catch'](function(){});
`
  .trim()
  .replace(/\n/g, '');
