// The early paint (lib/early-paint/script.ts), run as the browser runs it: after the head script has asked for the
// product, it preloads the product's first picture as the carousel's <img> asks for it and draws the product's top
// from the answer, outside React's tree, as text only; it goes when a screen takes over or the route changes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productPictureSizes } from '@/components/catalogue/lcp-pictures';
import { responsiveImage } from '@/lib/api/images';
import { dismissEarlyPaint } from '@/lib/early-paint/handoff';
import { earlyPaintDoneAttribute, earlyPaintElementId } from '@/lib/early-paint/names';
import { earlyPaintSource } from '@/app/early-paint.js/source';
import { bootScript } from '@/lib/session/boot-script';
import { settle } from '../settle';
import { resetEarlyPage } from './early-page';

const headScript = bootScript({
  homePicture: '/ecommerceweb/banners/new-arrivals.svg',
  earlyPaint: '/ecommerceweb/early-paint.js',
});
// The script as the build writes it (app/early-paint.js/route.ts serves this text).
const painter = earlyPaintSource;

const picture = `${window.location.origin}/images/products/camera-1.webp`;
const product = {
  _id: 'a b',
  title: 'Canon EOS 2000D',
  description: 'A camera for the first steps.',
  imageCover: 'cover.webp',
  images: [picture],
  category: { _id: 'c1', name: 'Electronics' },
};

let answers: Map<string, () => Response | Promise<Response>>;

beforeEach(() => {
  answers = new Map();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const answer = answers.get(url);
      return answer ? answer() : new Response('{}', { status: 404 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetEarlyPage();
});

function answerProduct(body: unknown = { data: product }, status = 200) {
  answers.set('/api/v1/products/a%20b', () => new Response(JSON.stringify(body), { status }));
}

/** Opens product details with a token: the head script asks for the product, then the early paint's file runs. */
function openDetails(hash = '#/productDetails/a%20b') {
  window.history.replaceState(null, '', `/ecommerceweb/${hash}`);
  localStorage.setItem('tkn', 'a-token');
  new Function(headScript)();
  new Function(painter)();
}

const drawn = () => document.getElementById(earlyPaintElementId);

describe('the early paint of product details', () => {
  it("preloads the first picture as the carousel's <img> asks for it, at a high priority", async () => {
    answerProduct();
    openDetails();
    await vi.waitFor(() => expect(document.head.querySelector('link[rel="preload"]')).not.toBeNull());
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]')!;
    const { src, srcSet } = responsiveImage(picture);
    expect(link.href).toBe(src);
    expect(link.getAttribute('imagesrcset')).toBe(srcSet);
    expect(link.getAttribute('imagesizes')).toBe(productPictureSizes);
    expect(link.getAttribute('fetchpriority')).toBe('high');
  });

  it('draws the way back, the picture, the title and the description, hidden from assistive technology', async () => {
    answerProduct();
    openDetails();
    await vi.waitFor(() => expect(drawn()).not.toBeNull());
    const layer = drawn()!;
    expect(layer.parentElement).toBe(document.body);
    expect(layer.getAttribute('aria-hidden')).toBe('true');
    expect([...layer.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Home',
      'Electronics',
      product.title,
    ]);
    const img = layer.querySelector('img')!;
    const { src, srcSet } = responsiveImage(picture);
    expect(img.src).toBe(src);
    expect(img.srcset).toBe(srcSet);
    expect(img.sizes).toBe(productPictureSizes);
    expect(layer.querySelector('h1')).toHaveTextContent(product.title);
    expect(layer.querySelector('h1')!.dir).toBe('auto');
    expect(layer.querySelector('p')).toHaveTextContent(product.description);
  });

  it('says Home in Arabic on an Arabic page', async () => {
    answerProduct();
    localStorage.setItem('lang', 'ar');
    openDetails();
    await vi.waitFor(() => expect(drawn()).not.toBeNull());
    expect(drawn()!.querySelector('li')).toHaveTextContent('الرئيسية');
  });

  it("keeps a product's text as text: markup in a title or a name is never parsed", async () => {
    const attack = '<img src=x onerror="window.__pwned=1"><b>bold</b>';
    answerProduct({ data: { ...product, title: attack, category: { name: attack }, description: attack } });
    openDetails();
    await vi.waitFor(() => expect(drawn()).not.toBeNull());
    expect(drawn()!.querySelector('h1')!.textContent).toBe(attack);
    expect(drawn()!.querySelectorAll('img')).toHaveLength(1);
    expect(drawn()!.querySelector('b')).toBeNull();
  });

  it('draws and preloads nothing for a product that does not exist, or an answer that is not a product', async () => {
    answerProduct({ message: 'No product' }, 404);
    openDetails();
    await settle();
    expect(drawn()).toBeNull();
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
    answerProduct({ data: null });
    openDetails();
    await settle();
    expect(drawn()).toBeNull();
  });

  it('draws nothing once a screen has taken over, and goes when one does', async () => {
    answerProduct();
    dismissEarlyPaint();
    openDetails();
    await settle();
    expect(drawn()).toBeNull();

    document.documentElement.removeAttribute(earlyPaintDoneAttribute);
    openDetails();
    await vi.waitFor(() => expect(drawn()).not.toBeNull());
    dismissEarlyPaint();
    expect(drawn()).toBeNull();
  });

  it('goes when the route changes, and draws nothing for a route left before the answer came', async () => {
    answerProduct();
    openDetails();
    await vi.waitFor(() => expect(drawn()).not.toBeNull());
    window.location.hash = '#/cart';
    await vi.waitFor(() => expect(drawn()).toBeNull());

    let answer!: (r: Response) => void;
    answers.set('/api/v1/products/a%20b', () => new Promise<Response>((resolve) => (answer = resolve)));
    openDetails();
    window.location.hash = '#/home';
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    answer(new Response(JSON.stringify({ data: product }), { status: 200 }));
    await settle();
    expect(drawn()).toBeNull();
  });

  it('does nothing where the head script asked for no product (a guest, another route)', async () => {
    answerProduct();
    window.history.replaceState(null, '', '/ecommerceweb/#/cart');
    localStorage.setItem('tkn', 'a-token');
    new Function(headScript)();
    new Function(painter)();
    await settle();
    expect(drawn()).toBeNull();
  });
});
