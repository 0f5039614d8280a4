// The checks of a draft that need no database: each refusal names the slide (counted from 1) and the field, in
// words staff read in the back office ("Slide 2: the Arabic title is empty").
import { randomUUID } from 'node:crypto';
import {
  builtInHomePictures,
  homeLimits,
  type HomeContent,
  type HomeContentInput,
  type HomeSlide,
  type HomeSlideInput,
  type HomeText,
} from '@/lib/contract/home';
import { ValidationError } from '../../errors';
import { uploadedPictureName } from '../pictures';

const invalid = (param: string, msg: string, value: unknown) =>
  new ValidationError(param, msg, value, 'body');

const languageNames = { en: 'English', ar: 'Arabic' } as const;
const textFields = {
  title: { name: 'title', max: homeLimits.titleMax },
  text: { name: 'text', max: homeLimits.textMax },
  linkLabel: { name: 'link label', max: homeLimits.linkLabelMax },
} as const;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** A date and time with its zone: what `toISOString` prints, and what a person types with an offset. */
const isoPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Characters as a person counts them (an emoji or an Arabic letter with its mark is not two). */
const lengthOf = (text: string) => [...text].length;

function checkText(param: string, prefix: string, field: keyof typeof textFields, value: HomeText): HomeText {
  const { name, max } = textFields[field];
  const out = { en: '', ar: '' };
  for (const lang of ['en', 'ar'] as const) {
    const text = value[lang].trim();
    const what = `the ${languageNames[lang]} ${name}`;
    if (text === '') throw invalid(`${param}.${lang}`, `${prefix}${what} is empty`, value[lang]);
    if (lengthOf(text) > max)
      throw invalid(
        `${param}.${lang}`,
        `${prefix}${what} is longer than ${max} characters (it has ${lengthOf(text)})`,
        value[lang],
      );
    out[lang] = text;
  }
  return out;
}

/** The picture as stored: a built-in banner, or an upload's path (the absolute address an upload answered loses its origin). */
function checkPicture(param: string, prefix: string, value: string, publicUrl: string): string {
  const path = value.startsWith(`${publicUrl}/`) ? value.slice(publicUrl.length) : value;
  if ((builtInHomePictures as readonly string[]).includes(path) || uploadedPictureName(path)) return path;
  throw invalid(param, `${prefix}no such picture (upload it, or choose a built-in banner)`, value);
}

function checkLink(param: string, prefix: string, link: string): string {
  if (!link.startsWith('/'))
    throw invalid(
      param,
      `${prefix}the link must be a page of the shop, starting with / (like /products)`,
      link,
    );
  if (lengthOf(link) > homeLimits.linkMax)
    throw invalid(param, `${prefix}the link is longer than ${homeLimits.linkMax} characters`, link);
  // "//host" and "/\host" leave the shop in a browser, "javascript:" is a scheme; none has a use inside the shop.
  if (/\/\/|\\|:|[\s\p{Cc}]/u.test(link))
    throw invalid(param, `${prefix}the link must stay inside the shop: no "//", ":", "\\" or spaces`, link);
  return link;
}

function checkMoment(
  param: string,
  prefix: string,
  name: 'from' | 'until',
  value: string | null | undefined,
) {
  if (value === null || value === undefined) return null;
  const ms = Date.parse(value);
  if (!isoPattern.test(value) || !Number.isFinite(ms))
    throw invalid(
      param,
      `${prefix}"${name}" is not a date and time with its time zone (like 2030-03-01T09:00:00Z)`,
      value,
    );
  return new Date(ms).toISOString();
}

function checkSlide(
  input: HomeSlideInput,
  index: number,
  publicUrl: string,
  ids: Map<string, number>,
): HomeSlide {
  const param = `content.slides.${index}`;
  const prefix = `Slide ${index + 1}: `;
  let id = input.id;
  if (id !== undefined) {
    if (!uuidPattern.test(id))
      throw invalid(
        `${param}.id`,
        `${prefix}the id is not one the server made (leave it out for a new slide)`,
        id,
      );
    const other = ids.get(id);
    if (other !== undefined)
      throw invalid(`${param}.id`, `${prefix}has the same id as slide ${other + 1}`, id);
  } else id = randomUUID();
  ids.set(id, index);
  const from = checkMoment(`${param}.from`, prefix, 'from', input.from);
  const until = checkMoment(`${param}.until`, prefix, 'until', input.until);
  if (from !== null && until !== null && from >= until)
    throw invalid(`${param}.until`, `${prefix}"from" must be before "until"`, input.until);
  return {
    id,
    picture: checkPicture(`${param}.picture`, prefix, input.picture, publicUrl),
    title: checkText(`${param}.title`, prefix, 'title', input.title),
    text: checkText(`${param}.text`, prefix, 'text', input.text),
    linkLabel: checkText(`${param}.linkLabel`, prefix, 'linkLabel', input.linkLabel),
    link: checkLink(`${param}.link`, prefix, input.link),
    from,
    until,
  };
}

/**
 * The content as it will be stored: texts trimmed, new slides given ids, times as `toISOString` prints them. Whether
 * an uploaded picture and the featured categories exist is the database's part (service.ts).
 */
export function checkContent(input: HomeContentInput, publicUrl: string): HomeContent {
  const { maxSlides, maxFeaturedCategories } = homeLimits;
  if (input.slides.length > maxSlides)
    throw invalid(
      'content.slides',
      `The home page shows at most ${maxSlides} slides; this draft has ${input.slides.length}`,
      input.slides.length,
    );
  if (input.featuredCategories.length > maxFeaturedCategories)
    throw invalid(
      'content.featuredCategories',
      `The home page features at most ${maxFeaturedCategories} categories; this draft has ${input.featuredCategories.length}`,
      input.featuredCategories.length,
    );
  const seen = new Set<string>();
  input.featuredCategories.forEach((id, i) => {
    if (seen.has(id))
      throw invalid(`content.featuredCategories.${i}`, `The category ${id} is featured twice`, id);
    seen.add(id);
  });
  const ids = new Map<string, number>();
  const slides = input.slides.map((slide, i) => checkSlide(slide, i, publicUrl, ids));
  return { slides, featuredCategories: [...input.featuredCategories] };
}
