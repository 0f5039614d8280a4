// The home page's content as staff edit it and shoppers see it: the schedule of each slide (the app's clock moved
// forward), the refusals of a careless draft, two staff saving at once, publishing (and nothing before it), the audit
// log, and preview links.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeSlideInput } from '@/lib/contract/home';
import { pictures } from '@/server/db/schema';
import { defaultHomeContent } from '@/server/modules/home';
import { call, staffMember, type Method } from '../helpers/staff';
import { dbKinds, json, startTestApp, type Json, type Shopper, type TestApp } from '../helpers/test-app';

const hour = 60 * 60 * 1000;

function slide(overrides: Partial<HomeSlideInput> = {}): HomeSlideInput {
  return {
    picture: '/banners/fashion.svg',
    title: { en: 'Eid offers', ar: 'عروض العيد' },
    text: { en: 'Gifts for the whole family.', ar: 'هدايا للعائلة كلها.' },
    linkLabel: { en: 'Eid gifts', ar: 'هدايا العيد' },
    link: '/products?category=Electronics',
    from: null,
    until: null,
    ...overrides,
  };
}

describe.each(dbKinds)('home page content on %s', (kind) => {
  let t: TestApp;
  let staff: Shopper;
  let categories: string[];
  let upload: string;

  const staffCall = (method: Method, url: string, payload?: unknown) =>
    call(t.app, method, url, staff.token, payload);
  const at = (ms: number) => new Date(t.app.ctx.now() + ms).toISOString();

  async function draft(): Promise<Json> {
    const res = await staffCall('GET', '/api/v1/home/draft');
    expect(res.statusCode, res.body).toBe(200);
    return json(res).data;
  }
  async function save(content: unknown, version?: number) {
    return staffCall('PUT', '/api/v1/home/draft', { version: version ?? (await draft()).version, content });
  }
  async function saved(content: unknown): Promise<Json> {
    const res = await save(content);
    expect(res.statusCode, res.body).toBe(200);
    return json(res).data;
  }
  async function publish(version?: number) {
    return staffCall('POST', '/api/v1/home/publish', { version: version ?? (await draft()).version });
  }
  const home = (headers: Record<string, string> = {}) => t.app.inject({ url: '/api/v1/home', headers });
  const titles = async () => (json(await home()).data.slides as Json[]).map((s) => s.title.en as string);

  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await staffMember(t.app, t.database, 'staff');
    const list = json(await t.app.inject({ url: '/api/v1/categories?limit=3' }));
    categories = (list.data as Json[]).map((c) => c._id as string);
    const name = randomBytes(16).toString('hex');
    await t.database.db
      .insert(pictures)
      .values({ name, data: Buffer.from('webp'), width: 1, height: 1, actorEmail: 'test' });
    upload = `/images/uploads/${name}.webp`;
  });
  afterAll(async () => {
    await t.close();
  });

  it("starts with the storefront's built-in slides, cached with an ETag", async () => {
    const res = await home();
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      message: 'success',
      data: { ...defaultHomeContent, version: 1, nextChangeAt: null },
    });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const etag = String(res.headers.etag);
    expect((await home({ 'if-none-match': etag })).statusCode).toBe(304);
    const d = await draft();
    expect(d).toMatchObject({ content: defaultHomeContent, version: 1, updatedBy: null });
    expect(d.published.version).toBe(1);
  });

  it('shows each slide from its "from" until its "until", by the injected clock', async () => {
    const later = slide({ title: { en: 'Later', ar: 'لاحقًا' }, from: at(hour) });
    const ending = slide({ title: { en: 'Ending', ar: 'ينتهي' }, until: at(2 * hour) });
    const always = slide({ title: { en: 'Always', ar: 'دائمًا' }, picture: upload });
    const content = (await saved({ slides: [later, ending, always], featuredCategories: categories }))
      .content;
    expect((await publish()).statusCode).toBe(200);

    let res = await home();
    expect(await titles()).toEqual(['Ending', 'Always']);
    expect(json(res).data.nextChangeAt).toBe(content.slides[0].from);
    expect(json(res).data.featuredCategories).toEqual(categories);
    expect(res.headers['cache-control']).toBe('public, max-age=60');

    t.advance(hour - 30_000);
    res = await home();
    expect(res.headers['cache-control']).toMatch(/^public, max-age=(29|30)$/);
    t.advance(31_000);
    res = await home();
    expect(await titles()).toEqual(['Later', 'Ending', 'Always']);
    expect(json(res).data.nextChangeAt).toBe(content.slides[1].until);
    t.advance(hour);
    res = await home();
    expect(await titles()).toEqual(['Later', 'Always']);
    expect(json(res).data.nextChangeAt).toBeNull();
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });

  it('shows a saved draft only once it is published, and audits both with before and after', async () => {
    const before = await titles();
    const d = await saved({
      slides: [slide({ title: { en: 'Summer', ar: 'الصيف' } })],
      featuredCategories: [],
    });
    expect(d.content.slides[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(d.published.version).toBe(d.version - 1);
    expect(await titles()).toEqual(before);

    const res = await publish(d.version);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ content: d.content, version: d.version, updatedBy: staff.id });
    expect(await titles()).toEqual(['Summer']);
    expect((await draft()).published.version).toBe(d.version);
    // Publishing the published version again changes nothing and writes nothing.
    expect((await publish(d.version)).statusCode).toBe(200);

    const log = json(await staffCall('GET', '/api/v1/audit-log?entity=home&limit=100')).data as Json[];
    const update = log.find((e) => e.action === 'home.update' && e.after.version === d.version)!;
    expect(update).toMatchObject({ entity: 'home', entityId: 'draft', actor: { _id: staff.id } });
    expect(update.before.version).toBe(d.version - 1);
    expect(update.after.content).toEqual(d.content);
    const published = log.filter((e) => e.action === 'home.publish' && e.after.version === d.version);
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ entityId: 'published', after: { content: d.content } });
    expect(published[0]!.before.content.slides.map((s: Json) => s.title.en)).toContain('Always');
  });

  const longText = 'x'.repeat(161);
  const refusals: Array<[string, () => unknown, RegExp]> = [
    [
      'an empty Arabic title (slide 2)',
      () => ({ slides: [slide(), slide({ title: { en: 'Sale', ar: '  ' } })], featuredCategories: [] }),
      /^Slide 2: the Arabic title is empty$/,
    ],
    [
      'a text over 160 characters',
      () => ({ slides: [slide({ text: { en: longText, ar: 'نص' } })], featuredCategories: [] }),
      /^Slide 1: the English text is longer than 160 characters \(it has 161\)$/,
    ],
    [
      'a link to another site',
      () => ({ slides: [slide({ link: 'https://evil.example' })], featuredCategories: [] }),
      /^Slide 1: the link must be a page of the shop/,
    ],
    [
      'a protocol-relative link',
      () => ({ slides: [slide({ link: '//evil.example' })], featuredCategories: [] }),
      /^Slide 1: the link must stay inside the shop/,
    ],
    [
      'a link with a backslash',
      () => ({ slides: [slide({ link: '/\\evil.example' })], featuredCategories: [] }),
      /^Slide 1: the link must stay inside the shop/,
    ],
    [
      'a link with a scheme',
      () => ({ slides: [slide({ link: '/x/javascript:alert(1)' })], featuredCategories: [] }),
      /^Slide 1: the link must stay inside the shop/,
    ],
    [
      'an upload that does not exist',
      () => ({
        slides: [slide({ picture: `/images/uploads/${'0'.repeat(32)}.webp` })],
        featuredCategories: [],
      }),
      /^Slide 1: no such picture/,
    ],
    [
      'a banner the storefront does not ship',
      () => ({ slides: [slide({ picture: '/banners/sale.svg' })], featuredCategories: [] }),
      /^Slide 1: no such picture/,
    ],
    [
      'an unknown category',
      () => ({ slides: [], featuredCategories: ['0123456789abcdef01234567'] }),
      /^No category for this id 0123456789abcdef01234567$/,
    ],
    [
      'a category id of the wrong shape',
      () => ({ slides: [], featuredCategories: ['electronics'] }),
      /^No category for this id electronics$/,
    ],
    [
      'a category twice',
      () => ({ slides: [], featuredCategories: [categories[0], categories[0]] }),
      /^The category [0-9a-f]{24} is featured twice$/,
    ],
    [
      '"from" after "until"',
      () => ({ slides: [slide({ from: at(2 * hour), until: at(hour) })], featuredCategories: [] }),
      /^Slide 1: "from" must be before "until"$/,
    ],
    [
      'a "from" that is not a date',
      () => ({ slides: [slide({ from: 'next Monday' })], featuredCategories: [] }),
      /^Slide 1: "from" is not a date and time/,
    ],
    [
      'nine slides',
      () => ({ slides: Array.from({ length: 9 }, () => slide()), featuredCategories: [] }),
      /^The home page shows at most 8 slides; this draft has 9$/,
    ],
    [
      'a title that is not a text pair',
      () => ({ slides: [slide({ title: 'Sale' as never })], featuredCategories: [] }),
      /title must be a object/,
    ],
    [
      'a null English title',
      () => ({ slides: [slide({ title: { en: null as never, ar: 'تخفيضات' } })], featuredCategories: [] }),
      /^Slide 1: the English title is empty$/,
    ],
    ['no slides at all', () => ({ featuredCategories: [] }), /slides is required/],
    ['content null', () => null, /content must be a object/],
  ];

  it.each(refusals)('refuses %s with a clear message, changing nothing', async (_, content, message) => {
    const before = await draft();
    const res = await save(content(), before.version);
    expect(res.statusCode, res.body).toBe(400);
    expect(json(res).errors.msg).toMatch(message);
    expect(await draft()).toEqual(before);
  });

  it('lets one of two saves from the same version through; the other is a 409', async () => {
    const { version } = await draft();
    const content = { slides: [slide()], featuredCategories: [] };
    const answers = await Promise.all([save(content, version), save(content, version)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const conflict = answers.find((r) => r.statusCode === 409)!;
    expect(json(conflict)).toEqual({
      statusMsg: 'fail',
      message: expect.stringMatching(/^The home page was changed by someone else/),
    });
    expect((await draft()).version).toBe(version + 1);
    // Publishing the version this staff member opened, now stale, is refused too.
    const stale = await publish(version);
    expect(stale.statusCode).toBe(409);
    expect(json(stale).message).toMatch(/^The draft was changed since you opened it/);
  });

  it('a preview link shows the draft at its moment, to anyone, for an hour', async () => {
    const soon = slide({ title: { en: 'Soon', ar: 'قريبًا' }, from: at(3 * hour) });
    await saved({ slides: [soon, slide({ title: { en: 'Now', ar: 'الآن' } })], featuredCategories: [] });
    const moment = at(4 * hour);
    const link = await staffCall('POST', '/api/v1/home/preview', { at: moment });
    expect(link.statusCode, link.body).toBe(200);
    const { token, expiresAt } = json(link).data;
    const lifetime = Date.parse(expiresAt) - t.app.ctx.now();
    expect(lifetime).toBeGreaterThan(hour - 5_000);
    expect(lifetime).toBeLessThanOrEqual(hour);

    const res = await t.app.inject({ url: `/api/v1/home?preview=${token}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = json(res).data;
    expect(data.slides.map((s: Json) => s.title.en)).toEqual(['Soon', 'Now']);
    expect(data.preview.at).toBe(moment);
    expect(data.version).toBe((await draft()).version);
    // Without a moment, the link shows the draft as it is when opened.
    const now = json(await staffCall('POST', '/api/v1/home/preview', {})).data.token as string;
    const nowData = json(await t.app.inject({ url: `/api/v1/home?preview=${now}` })).data;
    expect(nowData.slides.map((s: Json) => s.title.en)).toEqual(['Now']);
    // The published page is untouched.
    expect(await titles()).not.toContain('Now');

    const [payload, sig] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ at: 0, exp: Date.now() + 9 * hour })).toString('base64url')}.${sig}`;
    for (const bad of [forged, `${payload}.${'A'.repeat(sig.length)}`, 'nonsense']) {
      const refused = await t.app.inject({ url: `/api/v1/home?preview=${encodeURIComponent(bad)}` });
      expect(refused.statusCode, bad).toBe(401);
      expect(json(refused).message).toMatch(/^This preview link is not valid/);
    }
    t.advance(hour + 1000);
    const expired = await t.app.inject({ url: `/api/v1/home?preview=${token}` });
    expect(expired.statusCode).toBe(401);
    expect(json(expired)).toEqual({ statusMsg: 'fail', message: expect.stringMatching(/has expired/) });

    const badMoment = await staffCall('POST', '/api/v1/home/preview', { at: 'soon' });
    expect(badMoment.statusCode).toBe(400);
  });

  it('answers staff calls with no-store', async () => {
    const res = await staffCall('GET', '/api/v1/home/draft');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
