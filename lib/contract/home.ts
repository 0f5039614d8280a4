// The storefront home page's content (issue 27, item 5): the banner's slides, each shown between its `from` and
// `until`, and the categories Home features. Staff edit a draft, preview it, and publish it; shoppers read the
// published copy at GET /home. Routes: server/modules/home/; docs/api.md, "Home page content".
import { Type, type Static } from 'typebox';
import { Timestamp, orNull } from './common';

/**
 * The real limits, checked by the server with messages that name the slide and the field ("Slide 2: the Arabic title
 * is empty"). The request schemas below only bound sizes generously, so that these checks speak first.
 */
export const homeLimits = {
  maxSlides: 8,
  maxFeaturedCategories: 24,
  titleMax: 60,
  textMax: 160,
  linkLabelMax: 40,
  linkMax: 200,
} as const;

/** The banner pictures that ship with the storefront (public/banners); any other picture is an upload. */
export const builtInHomePictures = [
  '/banners/new-arrivals.svg',
  '/banners/fashion.svg',
  '/banners/electronics.svg',
] as const;

/** How long a preview link (POST /home/preview) opens the draft. */
export const homePreviewLifetimeSeconds = 60 * 60;

/** A text in both of the shop's languages; both required. */
export const HomeText = Type.Object({ en: Type.String(), ar: Type.String() });
export type HomeText = Static<typeof HomeText>;

export const HomeSlide = Type.Object({
  id: Type.String(),
  /** `/images/uploads/<32 hex>.webp` (POST /pictures) or one of builtInHomePictures. */
  picture: Type.String(),
  title: HomeText,
  text: HomeText,
  /** Read by a screen reader after "Shop now". */
  linkLabel: HomeText,
  /** A storefront route (hash router path), e.g. `/products?category=Electronics`. */
  link: Type.String(),
  /** Shown from then on; null = always. */
  from: Type.Union([Timestamp, Type.Null()]),
  /** Hidden from then on; null = never. */
  until: Type.Union([Timestamp, Type.Null()]),
});
export type HomeSlide = Static<typeof HomeSlide>;

export const HomeContent = Type.Object({
  slides: Type.Array(HomeSlide),
  /** Category ids in the order Home shows them; empty = every category, as before this feature. */
  featuredCategories: Type.Array(Type.String()),
});
export type HomeContent = Static<typeof HomeContent>;

const BodyText = Type.String({ maxLength: 2000 });
const HomeTextInput = Type.Object({ en: BodyText, ar: BodyText });

/** A slide as staff send it: `id` absent for a new slide (the server makes one), `from` and `until` absent = null. */
export const HomeSlideInput = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 100 })),
  picture: Type.String({ maxLength: 1000 }),
  title: HomeTextInput,
  text: HomeTextInput,
  linkLabel: HomeTextInput,
  link: Type.String({ maxLength: 1000 }),
  from: Type.Optional(orNull<string>({ type: 'string', maxLength: 100 })),
  until: Type.Optional(orNull<string>({ type: 'string', maxLength: 100 })),
});
export type HomeSlideInput = Static<typeof HomeSlideInput>;

export const HomeContentInput = Type.Object({
  slides: Type.Array(HomeSlideInput, { maxItems: 100 }),
  featuredCategories: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 200 }),
});
export type HomeContentInput = Static<typeof HomeContentInput>;

/** A version as the server counts them (the draft's saves). */
const Version = Type.Integer({ minimum: 0, maximum: 2_000_000_000 });

/** PUT /home/draft: the whole content, and the draft version it was edited from (409 when the draft moved on). */
export const HomeDraftBody = Type.Object({ version: Version, content: HomeContentInput });
export type HomeDraftBody = Static<typeof HomeDraftBody>;

/** POST /home/publish: the draft version being published (409 when the draft moved on since). */
export const HomePublishBody = Type.Object({ version: Version });
export type HomePublishBody = Static<typeof HomePublishBody>;

/** POST /home/preview: the moment the preview shows the draft at (ISO); absent = whenever the link is opened. */
export const HomePreviewBody = Type.Object({ at: Type.Optional(Type.String({ maxLength: 100 })) });
export type HomePreviewBody = Static<typeof HomePreviewBody>;

export const HomePreviewAnswer = Type.Object({
  data: Type.Object({ token: Type.String(), expiresAt: Timestamp }),
});
export type HomePreviewAnswer = Static<typeof HomePreviewAnswer>;

/** GET /home?preview=TOKEN: the draft, as a preview link shows it. */
export const HomeQuery = Type.Object({ preview: Type.Optional(Type.String({ maxLength: 1000 })) });
export type HomeQuery = Static<typeof HomeQuery>;

/** GET /home: what the storefront shows now. */
export const PublicHomeAnswer = Type.Object({
  message: Type.Literal('success'),
  data: Type.Object({
    /** Only the slides live now (from ≤ now < until), in order. */
    slides: Type.Array(HomeSlide),
    featuredCategories: Type.Array(Type.String()),
    version: Type.Integer(),
    /** The next `from` or `until` after now: the answer changes then. Null when none is ahead. */
    nextChangeAt: Type.Union([Timestamp, Type.Null()]),
    /** With ?preview= only: the moment the draft is shown at. */
    preview: Type.Optional(Type.Object({ at: Timestamp })),
  }),
});
export type PublicHomeAnswer = Static<typeof PublicHomeAnswer>;

/** The published copy (POST /home/publish answers it). */
export const HomePublished = Type.Object({
  content: HomeContent,
  /** The version of the draft it copied. */
  version: Type.Integer(),
  updatedAt: Timestamp,
  /** The account that published it; null for the content the shop started with. */
  updatedBy: Type.Union([Type.String(), Type.Null()]),
});
export type HomePublished = Static<typeof HomePublished>;
export const HomePublishedAnswer = Type.Object({ data: HomePublished });
export type HomePublishedAnswer = Static<typeof HomePublishedAnswer>;

/** GET and PUT /home/draft: the draft, and which version of it is published. */
export const HomeDraftAnswer = Type.Object({
  data: Type.Object({
    ...HomePublished.properties,
    published: Type.Object({ version: Type.Integer(), updatedAt: Timestamp }),
  }),
});
export type HomeDraftAnswer = Static<typeof HomeDraftAnswer>;
