import { earlyRequestsGlobal } from '@/lib/api/early-global';
import { productPagePath, productPath } from '@/lib/api/paths';
import { earlyPaintScriptPath } from './script';
import { frameworkGateGlobal } from './names';

/**
 * The longest the framework's scripts wait for the early paint (ms after the page's head was parsed): a slow answer
 * or picture never keeps the storefront's code away longer than this.
 */
export const frameworkHoldMaxMs = 2500;

/**
 * The framework's scripts held until the early paint's picture is on screen (issue 30, item 1; decision record
 * docs/decisions/0019-framework-after-the-first-picture.md).
 *
 * On the product list and product details the largest paint is a picture drawn from the head script's early answer
 * (lib/early-paint/script.ts). When Next's scripts are in the HTML they download beside that answer and that picture:
 * about 135 KB against 8, on a phone's link the picture waits its share (measured with bench/lcp-ab.ts: the list's
 * picture 0.33 s later on slow 4G). So the build (scripts/hold-framework.ts) takes Next's `<script src async>` tags
 * (and its preload of one of them) out of the exported pages and puts this loader at the end of <head>, after the
 * head script:
 *
 * - on those two routes, when the head script loaded the early paint (a signed-in shopper), the scripts are added once
 *   the early paint says its picture has been drawn (or it has nothing to draw, or its file fails to load), or after
 *   `frameworkHoldMaxMs`;
 * - everywhere else (Home, the cart, a visitor, any other route), preloaded at once at a low priority and run once
 *   the parsed page has been drawn (two frames after it was parsed), in the order Next wrote them.
 *
 * The early paint signals through `window[frameworkGateGlobal]`: it calls the function the loader left there, or,
 * if it runs first, leaves 1, which the loader takes as "go". The scripts are added as Next's were: async, in the
 * same order. Plain ES5; it runs before the first paint.
 */
export function frameworkLoaderScript(scripts: readonly string[]): string {
  const config = {
    scripts,
    gate: frameworkGateGlobal,
    store: earlyRequestsGlobal,
    firstPage: productPagePath('', 1),
    product: productPath(''),
    paint: earlyPaintScriptPath,
    max: frameworkHoldMaxMs,
  };
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `(function(c){${loaderBody}})(${json})`;
}

const loaderBody = `
var w=window,d=document,s=w[c.store],hold=false,done=false,k,p,e;
function add(tag,a){var e=d.createElement(tag),n;for(n in a)e.setAttribute(n,a[n]);d.head.appendChild(e)}
function later(){requestAnimationFrame(function(){requestAnimationFrame(go)})}
function go(){if(done)return;done=true;w[c.gate]=1;for(var i=0;i<c.scripts.length;i++)add('script',{src:c.scripts[i],async:''})}
try{p=d.querySelectorAll('script[src]');for(k=0;k<p.length;k++)if(s&&p[k].getAttribute('src').split('?')[0].slice(-c.paint.length)===c.paint){e=p[k];for(var key in s)if(key===c.firstPage||key.indexOf(c.product)===0)hold=true}}catch(e){hold=false}
if(!hold||w[c.gate]===1){for(k=0;k<c.scripts.length;k++)add('link',{rel:'preload',as:'script',fetchpriority:'low',href:c.scripts[k]});if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',later);else later()}else{w[c.gate]=go;e.addEventListener('error',go)}
setTimeout(go,c.max);
`
  .trim()
  .replace(/\n/g, '');

/** Next's scripts of an exported page: `<script src="…/_next/static/…" async="">`, and its preload of one of them. */
const nextScript = /<script src="([^"]*\/_next\/static\/[^"]+\.js)" async=""><\/script>/g;
const nextScriptPreload =
  /<link rel="preload" as="script" fetchPriority="low" href="[^"]*\/_next\/static\/[^"]+\.js"\/>/g;

/**
 * An exported page with Next's scripts taken out and the loader added at the end of <head>. A page without Next's
 * scripts, or already done, is returned as it is (null: nothing to do).
 */
export function holdFramework(html: string): string | null {
  const scripts = [...html.matchAll(nextScript)].map((m) => m[1]!);
  if (!scripts.length) return null;
  const rest = html.replace(nextScript, '').replace(nextScriptPreload, '');
  const at = rest.indexOf('</head>');
  if (at < 0) throw new Error('holdFramework: the page has no </head>');
  return `${rest.slice(0, at)}<script>${frameworkLoaderScript(scripts)}</script>${rest.slice(at)}`;
}
