// The home page's content (the banner's slides, the featured categories) as the storefront reads it: staff edit it
// in the back office (issue 27; API in server/modules/home/). Our server writes what is live into the page it
// serves (server/web/home-page.ts), so Home reads nothing more than before; a static host's page carries none, and
// Home then asks the API (lib/api/home.ts).
import { basePath } from '@/lib/base-path';
import type { HomeContent, HomeSlide } from '@/lib/contract/home';

/** The element our server writes the live content into, first in the page's head (JSON, not run). */
export const homeContentElementId = 'fc-home';

/** What our server writes into the page: the live slides and categories, and the first slide's picture URL. */
export interface PageHomeContent extends HomeContent {
  version: number;
  /** The first slide's picture as Home draws it (homePictureUrl), for the head script to preload; null: no slide. */
  picture: string | null;
}

/** The width an uploaded banner picture is asked for: the banner is at most the page's width (1320 px). */
export const uploadedBannerWidth = 1600;

/**
 * Where a slide's picture is drawn from: a built-in banner ships with the storefront (under the base path); an
 * upload is the API's (`/images/uploads/...`), at one width large enough for the widest banner.
 */
export function homePictureUrl(picture: string, apiHost: string): string {
  if (picture.startsWith('/images/')) return `${apiHost}${picture}?w=${uploadedBannerWidth}`;
  return `${basePath}${picture}`;
}

/** A slide in the shopper's language, as the banner draws it. */
export interface ShownSlide {
  id: string;
  pictureUrl: string;
  /** A drawing of the shop's own, drawn mirrored right to left; a photo staff uploaded never is. */
  mirror: boolean;
  title: string;
  text: string;
  linkLabel: string;
  to: string;
}

export function showSlide(slide: HomeSlide, lang: 'en' | 'ar', apiHost: string): ShownSlide {
  return {
    id: slide.id,
    pictureUrl: homePictureUrl(slide.picture, apiHost),
    mirror: !slide.picture.startsWith('/images/'),
    title: slide.title[lang],
    text: slide.text[lang],
    linkLabel: slide.linkLabel[lang],
    to: slide.link,
  };
}
