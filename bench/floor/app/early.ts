// What the storefront's head script does for the product list (lib/session/boot-script.ts), with nothing else: on
// the picture page, ask for the first page of products while the HTML is parsed, and preload the first cover, at
// the card's sizes, as soon as the answer is in. The component takes the answer from `window.__first`. On the drawn
// page the head script also draws that cover itself, in a layer at the end of <body> outside React's tree, as the
// storefront's early paint does (lib/early-paint/): the framework loads and hydrates, but does not draw the picture.
export const cardSizes = '(min-width: 1200px) 270px, (min-width: 992px) 30vw, (min-width: 340px) 45vw, 90vw';
export const widths = [160, 320, 480, 640, 800, 1200];

export const earlyScript = `(function(){
var drawn=location.pathname.indexOf('/drawn')>=0;
if(!drawn&&location.pathname.indexOf('/picture')<0)return;
window.__first=fetch('/api/v1/products?page=1',{headers:{Accept:'application/json'}}).then(function(r){return r.json()}).then(function(b){
var u=b.data[0].imageCover,l=document.createElement('link');
function at(w){var x=new URL(u,location.href);x.searchParams.set('w',String(w));return x.href}
l.rel='preload';l.as='image';l.href=at(640);l.setAttribute('fetchpriority','high');
l.setAttribute('imagesrcset',${JSON.stringify(widths)}.map(function(w){return at(w)+' '+w+'w'}).join(', '));
l.setAttribute('imagesizes',${JSON.stringify(cardSizes)});document.head.appendChild(l);
if(drawn){var o=document.createElement('div'),i=document.createElement('img');
i.src=l.href;i.srcset=l.getAttribute('imagesrcset');i.sizes=l.getAttribute('imagesizes');i.width=320;i.height=320;
i.alt=b.data[0].title;i.style.cssText='width:45vw;height:auto';i.setAttribute('fetchpriority','high');
o.style.cssText='position:absolute;top:80px;left:0';o.appendChild(i);
if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',function(){document.body.appendChild(o)});
else document.body.appendChild(o)}
return b});
window.__first['catch'](function(){});
})()`;
