import { apiHost } from '@/lib/api/config';
import { earlyRequestsGlobal } from '@/lib/api/early';
import { cartPath, categoriesPath, homePath, productPagePath, productPath } from '@/lib/api/paths';
import { homeContentElementId } from '@/lib/home/content';
import { guestOnlyRoutePaths, protectedRoutePaths, routePattern } from './route-access';
import { langInitScript } from '@/lib/i18n/language';
import { themeInitScript } from './theme';
import { TOKEN_KEY } from './token-key';

/** Set on <html> by the head script when 'tkn' holds a token: the prerendered navbar shows the shopper's links. */
export const signedInClass = 'signed-in';

/**
 * Set on <html> by the head script: "home" when the page opens on Home (the prerendered main shows Home's
 * top), "other" for any other route (the spec's loader). Absent without JavaScript.
 */
export const firstScreenAttribute = 'data-first-screen';

export interface BootScriptOptions {
  /**
   * Home's largest paint: the first banner's picture in the page as built. Our server writes the live home content
   * into the page (server/web/home-page.ts) with its first picture, which is then preloaded instead (none when no
   * slide is live).
   */
  homePicture: string;
  /**
   * The early paint's script (lib/early-paint/script.ts, under the base path), loaded on product details, the
   * product list and the cart.
   */
  earlyPaint: string;
}

/**
 * Every byte of this script counts toward the prerendered page's shell, which is within a few bytes of React's
 * 12,800-byte progressive chunk: past it, React streams the footer's boundary apart, and a page without JavaScript
 * never shows it (e2e/first-paint.spec.ts). What can be done later is done by the storefront's code.
 *
 * The page's one inline script in <head>, run before the first paint and before any of the storefront's code:
 *
 * - the theme class from 'dark' (lib/session/theme.ts);
 * - the language (lib/i18n/language.ts): 'lang', else the browser's first language; `lang` and `dir` on <html>,
 *   and the marker that hides the prerendered English frame until the Arabic catalogue is in;
 * - the session: the `signed-in` class from 'tkn', so the prerendered navbar shows the right links at once;
 * - the guards of spec section 2, applied to the hash before anything is drawn: a guest on a protected route
 *   goes to #/login, a token holder on #/login or #/register to #/home (the router applies the same guards
 *   from the same list, lib/session/route-access.ts, to every later change; the route a guest asked for is kept by
 *   the router, from the address the page was opened at: this script has no byte to spare, see above);
 * - Home's marker, so the prerendered main shows Home's banner and placeholders instead of the loader;
 * - the first screen's reads, sent now rather than after the code has booted (Home: the first page of
 *   products and the categories, and on a static host the home page's content, which our server writes into the
 *   page instead; product details: the product; every signed-in route: the cart, which the
 *   navbar's badge shows); the API client takes these answers (lib/api/early.ts);
 * - Home's largest picture, its first banner, preloaded with a high priority;
 * - on product details, the product list and the cart, the early paint's script (lib/early-paint/script.ts): it
 *   preloads the first picture as soon as the answer has arrived and draws the screen's top before the storefront's
 *   code has.
 *
 * Plain ES5 and wrapped in try/catch: whatever fails here, the storefront still boots and does it all again.
 */
export function bootScript({ homePicture, earlyPaint }: BootScriptOptions): string {
  const config = {
    tokenKey: TOKEN_KEY,
    signedIn: signedInClass,
    firstScreen: firstScreenAttribute,
    protectedRoutes: routePattern(protectedRoutePaths),
    guestRoutes: routePattern(guestOnlyRoutePaths),
    // A preview link of the back office is Home too (with the draft in it).
    home: routePattern(['/', 'home', 'preview']),
    list: routePattern(['products']),
    bag: routePattern(['cart']),
    details: '^/*productDetails/+([^/]+)/*$',
    api: `${apiHost}/api/v1`,
    store: earlyRequestsGlobal,
    cart: cartPath,
    categories: categoriesPath,
    firstPage: productPagePath('', 1),
    product: productPath(''),
    homePicture,
    homeContent: homeContentElementId,
    homeRead: homePath,
    paint: earlyPaint,
  };
  // `<` escaped so no value can close the script element.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `${themeInitScript};${langInitScript};(function(c){try{(function(){${body}})()}catch(e){}})(${json})`;
}

const body = `
var d=document.documentElement,w=window,t=null,h,q,p,s,to,m,lang=d.lang==='ar'?'ar':'en';
try{t=localStorage.getItem(c.tokenKey)}catch(e){}
if(!t||!t.trim())t=null;
if(t)d.classList.add(c.signedIn);
h=location.hash.replace(/^#/,'')||'/';q=h.indexOf('?');p=q<0?h:h.slice(0,q);s=q<0?'':h.slice(q+1);
if(p.charAt(0)!=='/')p='/'+p;
to=!t&&RegExp(c.protectedRoutes,'i').test(p)?'/login':t&&RegExp(c.guestRoutes,'i').test(p)?'/home':null;
if(to){history.replaceState(null,'','#'+to);p=to;s=''}
var home=RegExp(c.home,'i').test(p);
d.setAttribute(c.firstScreen,home?'home':'other');
if(!t)return;
var store=w[c.store]={};
function get(path,token){
var headers={Accept:'application/json','Accept-Language':lang};if(token)headers.token=token;
var r=fetch(c.api+path,{headers:headers});
r['catch'](function(){});
store[path]={token:token||null,lang:lang,at:performance.now(),response:r};
return r}
function add(tag,a){var l=document.createElement(tag),k;for(k in a)l.setAttribute(k,a[k]);document.head.appendChild(l)}
get(c.cart,t);
if(home){var hp=c.homePicture,he=document.getElementById(c.homeContent);if(he){try{hp=JSON.parse(he.textContent).picture}catch(e){}}else get(c.homeRead);
if(hp)add('link',{rel:'preload',as:'image',href:hp,fetchpriority:'high'});get(c.firstPage);get(c.categories);return}
m=RegExp(c.details,'i').exec(p);var list=!s&&RegExp(c.list,'i').test(p);
if(m||list||RegExp(c.bag,'i').test(p)){
add('script',{src:c.paint,fetchpriority:'high'});
if(list)get(c.firstPage);else if(m){var id=m[1];try{id=decodeURIComponent(id)}catch(e){}get(c.product+encodeURIComponent(id))}}
`
  .trim()
  .replace(/\n/g, '');
