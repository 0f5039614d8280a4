// The home page's content (issue 27, item 5): staff save a draft (checked, versioned), preview it, publish it; the
// storefront reads the published copy, filtered by each slide's schedule at the request's moment.
import type {
  HomeContent,
  HomeDraftAnswer,
  HomeDraftBody,
  HomePreviewAnswer,
  HomePreviewBody,
  HomePublished,
  HomePublishedAnswer,
  HomePublishBody,
  PublicHomeAnswer,
} from '@/lib/contract/home';
import type { AppContext } from '../../context';
import { onCommit, runInTransaction, type Tx } from '../../db/client';
import { isObjectId } from '../../db/ids';
import { AppError, ValidationError } from '../../errors';
import { recordAudit, type Actor } from '../audit';
import { uploadedPictureExists, uploadedPictureName } from '../pictures';
import { readPreview, signPreview } from './preview-token';
import * as repo from './repository';
import { showAt } from './schedule';
import { checkContent } from './validate';

export const draftMovedOn = (sent: number, now: number) =>
  `The home page was changed by someone else since you opened it (version ${sent}, now ${now}): reload it and make your changes again`;
export const publishMovedOn = (sent: number, now: number) =>
  `The draft was changed since you opened it (version ${sent}, now ${now}): reload it, check it and publish again`;

/** The longest a shared cache or browser keeps the public answer (a slide's schedule may cut it shorter). */
export const maxAgeSeconds = 60;

function published(row: repo.HomeRow): HomePublished {
  return {
    content: row.content as HomeContent,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

function draftAnswer(draft: repo.HomeRow, live: repo.HomeRow): HomeDraftAnswer {
  return {
    data: {
      ...published(draft),
      published: { version: live.version, updatedAt: live.updatedAt.toISOString() },
    },
  };
}

export async function readDraft(ctx: AppContext): Promise<HomeDraftAnswer> {
  const db = ctx.database.db;
  const [draft, live] = await Promise.all([repo.homeRow(db, 'draft'), repo.homeRow(db, 'published')]);
  return draftAnswer(draft, live);
}

/** What the checks in validate.ts cannot know: whether the uploads and the categories exist. */
async function checkReferences(tx: Tx, content: HomeContent): Promise<void> {
  for (const [i, slide] of content.slides.entries()) {
    if (uploadedPictureName(slide.picture) && !(await uploadedPictureExists(tx, slide.picture)))
      throw new ValidationError(
        `content.slides.${i}.picture`,
        `Slide ${i + 1}: no such picture (upload it, or choose a built-in banner)`,
        slide.picture,
        'body',
      );
  }
  const ids = content.featuredCategories;
  const known = await repo.knownCategories(tx, ids.filter(isObjectId));
  const unknown = ids.findIndex((id) => !known.has(id));
  if (unknown >= 0)
    throw new ValidationError(
      `content.featuredCategories.${unknown}`,
      `No category for this id ${ids[unknown]}`,
      ids[unknown],
      'body',
    );
}

/** PUT /home/draft: the whole draft replaced, when `version` is the draft's current one (else 409). */
export async function saveDraft(
  ctx: AppContext,
  actor: Actor,
  body: HomeDraftBody,
): Promise<HomeDraftAnswer> {
  const content = checkContent(body.content, ctx.config.publicUrl);
  return runInTransaction(ctx.database.db, async (tx) => {
    // Locked: two saves from the same version queue here, and the second finds the version moved on.
    const draft = await repo.homeRow(tx, 'draft', true);
    if (draft.version !== body.version) throw new AppError(409, draftMovedOn(body.version, draft.version));
    await checkReferences(tx, content);
    const now = new Date(ctx.now());
    const saved = await repo.writeHomeRow(tx, 'draft', {
      content,
      version: draft.version + 1,
      updatedAt: now,
      updatedBy: actor.id,
    });
    const before = { version: draft.version, content: draft.content };
    const after = { version: saved.version, content };
    await recordAudit(
      tx,
      actor,
      { action: 'home.update', entity: 'home', entityId: 'draft', before, after },
      now,
    );
    return draftAnswer(saved, await repo.homeRow(tx, 'published'));
  });
}

/**
 * POST /home/publish: the draft of `version` becomes what shoppers see, in one transaction with its audit row; every
 * process's cache is emptied once it commits. Publishing the version already published changes nothing.
 */
export async function publishDraft(
  ctx: AppContext,
  actor: Actor,
  body: HomePublishBody,
): Promise<HomePublishedAnswer> {
  return runInTransaction(ctx.database.db, async (tx) => {
    const draft = await repo.homeRow(tx, 'draft', true);
    if (draft.version !== body.version) throw new AppError(409, publishMovedOn(body.version, draft.version));
    const live = await repo.homeRow(tx, 'published', true);
    if (live.version === draft.version) return { data: published(live) };
    const now = new Date(ctx.now());
    const after = published(
      await repo.writeHomeRow(tx, 'published', {
        content: draft.content,
        version: draft.version,
        updatedAt: now,
        updatedBy: actor.id,
      }),
    );
    await recordAudit(
      tx,
      actor,
      { action: 'home.publish', entity: 'home', entityId: 'published', before: published(live), after },
      now,
    );
    onCommit(tx, () => ctx.homeCache.invalidate());
    return { data: after };
  });
}

function moment(param: string, value: string): number {
  const ms = Date.parse(value);
  if (!Number.isFinite(ms))
    throw new ValidationError(
      param,
      `${param} is not a date and time (like 2030-03-01T09:00:00Z)`,
      value,
      'body',
    );
  return ms;
}

/** POST /home/preview: a link's token that shows the draft (at `at`, or whenever it is opened) for an hour. */
export function previewLink(ctx: AppContext, body: HomePreviewBody): HomePreviewAnswer {
  const at = body.at === undefined ? null : moment('at', body.at);
  const { token, expiresAt } = signPreview(ctx.config.jwtSecret, at, ctx.now());
  return { data: { token, expiresAt: new Date(expiresAt).toISOString() } };
}

function shown(content: HomeContent, version: number, at: number) {
  const { slides, nextChangeAt } = showAt(content, at);
  return { slides, featuredCategories: content.featuredCategories, version, nextChangeAt };
}

/**
 * GET /home: the published page as shown now (from the cache), and how long the answer may be kept: a minute, or
 * until the next slide starts or ends.
 */
export async function publicHome(ctx: AppContext): Promise<{ answer: PublicHomeAnswer; maxAge: number }> {
  const { content, version } = await ctx.homeCache.get(async () =>
    published(await repo.homeRow(ctx.database.db, 'published')),
  );
  const now = ctx.now();
  const data = shown(content, version, now);
  const untilChange = data.nextChangeAt === null ? Infinity : (Date.parse(data.nextChangeAt) - now) / 1000;
  return {
    answer: { message: 'success', data },
    maxAge: Math.max(0, Math.min(maxAgeSeconds, Math.floor(untilChange))),
  };
}

/** GET /home?preview=TOKEN: the draft as shown at the token's moment (or now), read from the database each time. */
export async function previewHome(ctx: AppContext, token: string): Promise<PublicHomeAnswer> {
  const now = ctx.now();
  const at = readPreview(ctx.config.jwtSecret, token, now).at ?? now;
  const draft = await repo.homeRow(ctx.database.db, 'draft');
  const data = shown(draft.content as HomeContent, draft.version, at);
  return { message: 'success', data: { ...data, preview: { at: new Date(at).toISOString() } } };
}
