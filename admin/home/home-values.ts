// The home page draft as the form holds it, and back to the wire. The limits and built-in pictures are the
// contract's (lib/contract/home.ts) written out here, since the back office takes only types from the contract:
// `satisfies` makes the compiler refuse any copy that differs from the contract's values.
import type {
  HomeContent,
  HomeContentInput,
  HomeText,
  builtInHomePictures,
  homeLimits,
} from '@/lib/contract/home';
import { storefrontBase } from '../config';

export const limits = {
  maxSlides: 8,
  maxFeaturedCategories: 24,
  titleMax: 60,
  textMax: 160,
  linkLabelMax: 40,
  linkMax: 200,
} as const satisfies typeof homeLimits;

export const builtInPictures = [
  '/banners/new-arrivals.svg',
  '/banners/fashion.svg',
  '/banners/electronics.svg',
] as const satisfies typeof builtInHomePictures;

/** A slide in the form: a new one has no id yet, and its texts may be missing until typed. */
export interface SlideValues {
  id?: string;
  picture?: string;
  title?: Partial<HomeText>;
  text?: Partial<HomeText>;
  linkLabel?: Partial<HomeText>;
  link?: string;
  /** ISO from the server, `yyyy-MM-ddThh:mm` (local) from the date-time input, empty or null for none. */
  from?: string | Date | null;
  until?: string | Date | null;
}

export interface HomeValues {
  id: 'home';
  slides: SlideValues[];
  featuredCategories: string[];
}

export function valuesOf(content: HomeContent): HomeValues {
  return { id: 'home', slides: content.slides, featuredCategories: content.featuredCategories };
}

/** A date-time as the server takes it (with its zone), or null for none. */
export function isoOf(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

const textOf = (value: Partial<HomeText> | undefined): HomeText => ({
  en: value?.en ?? '',
  ar: value?.ar ?? '',
});

export function contentOf(values: HomeValues): HomeContentInput {
  return {
    slides: (values.slides ?? []).map((slide) => ({
      ...(slide.id ? { id: slide.id } : {}),
      picture: slide.picture ?? '',
      title: textOf(slide.title),
      text: textOf(slide.text),
      linkLabel: textOf(slide.linkLabel),
      link: slide.link ?? '',
      from: isoOf(slide.from),
      until: isoOf(slide.until),
    })),
    featuredCategories: values.featuredCategories ?? [],
  };
}

/**
 * The form field a server refusal names (`content.slides.1.title.ar` → `slides.1.title.ar`); a featured category's
 * position names the whole list, which is one input.
 */
export function fieldOfParam(param: string): string {
  const field = param.replace(/^content\./, '');
  return field.startsWith('featuredCategories') ? 'featuredCategories' : field;
}

/** The storefront's home page showing the draft through a preview link's token. */
export function previewPath(token: string): string {
  return `${storefrontBase}/#/preview?token=${encodeURIComponent(token)}`;
}

/** The link to a storefront page: starts with '/', stays inside the shop (the server's rule). */
export function shopLink(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  return value.startsWith('/') && !/\/\/|\\|:|\s/.test(value) ? undefined : 'freshcart.home.link_invalid';
}

/** At most `max` entries in a list input. */
export function atMost(max: number, message: string) {
  return (value: unknown) =>
    Array.isArray(value) && value.length > max ? { message, args: { max } } : undefined;
}

/** "Hidden from" after "Shown from", when both are set (react-admin names the input `slides.<i>.until`). */
export function untilAfterFrom(value: unknown, values: unknown, props?: { source?: string }) {
  const until = isoOf(value as string | null | undefined);
  const index = /^slides\.(\d+)\.until$/.exec(props?.source ?? '')?.[1];
  if (until === null || index === undefined) return undefined;
  const from = isoOf((values as Partial<HomeValues>).slides?.[Number(index)]?.from);
  return from !== null && from >= until ? 'freshcart.home.until_before_from' : undefined;
}
