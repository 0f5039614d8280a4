// The storefront's page as our server serves it: the home page's live content (issue 27, item 5) written in, so Home
// shows what staff published without a request more than before, and the banner drawn before any code has run is the
// live one. A static host serves the page as built: its Home asks GET /home (lib/api/home.ts).
import type { HomeSlide } from '@/lib/contract/home';
import { homeContentElementId, homePictureUrl, showSlide, type PageHomeContent } from '@/lib/home/content';
import { defaultHomeContent } from '@/lib/home/default-content';

/** What is live: GET /home's data. */
export interface LiveHome {
  slides: HomeSlide[];
  featuredCategories: string[];
  version: number;
}

/** The class names of the prerendered banner (CSS modules: the build names them). */
interface BannerClasses {
  banner: string;
  slider: string;
  slide: string;
  text: string;
  title: string;
  lead: string;
  shop: string;
  controls: string;
  pause: string;
  dot: string;
  dotActive: string;
}

/** What React writes for a text or an attribute value (react-dom's escapeTextForBrowser). */
function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#x27;',
  );
}

const bannerPattern =
  /<section class="([^"]+)" aria-roledescription="carousel" aria-label="[^"]*">[\s\S]*?<\/section>/;

function classesOf(section: string): BannerClasses | null {
  const one = (pattern: RegExp) => pattern.exec(section)?.[1];
  const found = {
    banner: one(/^<section class="([^"]+)"/),
    slider: one(/<div class="keen-slider ([^"]+)">/),
    slide: one(/<div class="keen-slider__slide ([^"]+)"/),
    text: one(/aria-hidden="false"><div class="([^"]+)"><h2/),
    title: one(/<h2 class="([^"]+)">/),
    lead: one(/<p class="([^"]+)">/),
    shop: one(/<a href="[^"]*" class="([^"]+)" tabindex/),
    controls: one(/<\/div><\/div><\/div><div class="([^"]+)"><button/),
    pause: one(/<button type="button" class="([^"]+)" aria-label="Pause slides">/),
    dot: one(/<button type="button" class="([^" ]+) [^"]*" aria-label="Show slide 1"/),
    dotActive: one(/<button type="button" class="[^" ]+ ([^"]+)" aria-label="Show slide 1"/),
  };
  return Object.values(found).every((v) => typeof v === 'string' && v.length > 0)
    ? (found as BannerClasses)
    : null;
}

/** The banner's markup for these slides, as components/catalogue/banner-view.tsx draws it before its code runs. */
function bannerHtml(slides: readonly HomeSlide[], c: BannerClasses, apiHost: string): string {
  if (slides.length === 0) return '';
  const shown = slides.map((s) => showSlide(s, 'en', apiHost));
  const slideHtml = shown
    .map((s, i) => {
      const url = escape(`url(${JSON.stringify(s.pictureUrl)})`);
      const style = i === 0 ? ` style="background-image:${url}${s.mirror ? `;--picture:${url}` : ''}"` : '';
      const mirror = s.mirror ? ' data-mirror=""' : '';
      return (
        `<div class="keen-slider__slide ${c.slide}"${style}${mirror} role="group" aria-roledescription="slide" ` +
        `aria-label="${i + 1} of ${shown.length}" aria-hidden="${i !== 0}"><div class="${c.text}">` +
        `<h2 class="${c.title}">${escape(s.title)}</h2><p class="${c.lead}">${escape(s.text)}</p>` +
        `<a href="${escape(`#${s.to}`)}" class="${c.shop}" tabindex="${i === 0 ? 0 : -1}">Shop now` +
        `<span class="visually-hidden">: <!-- -->${escape(s.linkLabel)}</span></a></div></div>`
      );
    })
    .join('');
  const dots = shown
    .map(
      (_s, i) =>
        `<button type="button" class="${c.dot} ${i === 0 ? c.dotActive : ''}" aria-label="Show slide ${i + 1}"` +
        `${i === 0 ? ' aria-current="true"' : ''}></button>`,
    )
    .join('');
  return (
    `<section class="${c.banner}" aria-roledescription="carousel" aria-label="New in the shop">` +
    `<div class="keen-slider ${c.slider}">${slideHtml}</div><div class="${c.controls}">` +
    `<button type="button" class="${c.pause}" aria-label="Pause slides"><span aria-hidden="true">❚❚</span></button>` +
    `${dots}</div></section>`
  );
}

export interface HomePage {
  /** The page with this live content written in. */
  render(live: LiveHome): string;
  /**
   * Whether the banner drawn before any code has run is replaced too. Only when the prerendered banner is exactly
   * what this module draws for the content the shop started with; otherwise (a changed component) only the content
   * is written in, Home draws the live banner once its code runs, and the server says so at start-up.
   */
  redrawsBanner: boolean;
}

/**
 * Prepares the built page (out/index.html) for writing content into. `apiHost`: where the build sends its API calls
 * (NEXT_PUBLIC_API_HOST; empty: this origin), which is where uploaded pictures are drawn from.
 */
export function homePage(html: string, apiHost: string): HomePage {
  const section = bannerPattern.exec(html)?.[0];
  const classes = section ? classesOf(section) : null;
  const redrawsBanner =
    section !== undefined &&
    classes !== null &&
    bannerHtml(defaultHomeContent.slides, classes, apiHost) === section;
  // First in the head after the charset (which must come within the page's first 1024 bytes): read by the head
  // script (the first picture's preload) and by Home.
  const charset = /<meta charSet="utf-8"\/?>/i.exec(html);
  const head = /<head>/i.exec(html);
  const insertAt = charset ? charset.index + charset[0].length : head ? head.index + head[0].length : -1;

  return {
    redrawsBanner,
    render(live) {
      const content: PageHomeContent = {
        slides: live.slides,
        featuredCategories: live.featuredCategories,
        version: live.version,
        picture: live.slides[0] ? homePictureUrl(live.slides[0].picture, apiHost) : null,
      };
      // `<` escaped, so no text can close the element.
      const json = JSON.stringify(content).replace(/</g, '\\u003c');
      let page = html;
      if (redrawsBanner && section && classes)
        page = page.replace(section, () => bannerHtml(live.slides, classes, apiHost));
      const element = `<script type="application/json" id="${homeContentElementId}">${json}</script>`;
      // The banner comes after the head: where it was replaced, the insertion point has not moved.
      return insertAt < 0 ? page : `${page.slice(0, insertAt)}${element}${page.slice(insertAt)}`;
    },
  };
}
