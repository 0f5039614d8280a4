// The back office's Home page screen (#/home-page) against the home content API's wire shapes, through the
// project's one API stand-in (MSW, tests/web/api-mock.ts): the real client, data provider and react-admin form run.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, memoryStore } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HomeDraftAnswer, HomeSlide } from '@/lib/contract/home';
import { STAFF_TOKEN_KEY } from '@/admin/config';
import { dataProvider } from '@/admin/api/data-provider';
import { HomeScreen } from '@/admin/home/home-screen';
import { makeI18nProvider } from '@/admin/i18n/i18n-provider';
import { mockApi, on, reply, type Handler } from '../web/api-mock';

const electronics = { _id: 'e'.repeat(24), name: 'Electronics', slug: 'electronics', image: '/e.png' };

const slide: HomeSlide = {
  id: '6f1c2a7e-1d2b-4c3d-8e4f-5a6b7c8d9e0f',
  picture: '/banners/fashion.svg',
  title: { en: 'Summer sale', ar: 'تخفيضات الصيف' },
  text: { en: 'Up to half off', ar: 'خصم حتى النصف' },
  linkLabel: { en: 'Shop fashion', ar: 'تسوق الأزياء' },
  link: '/products?category=Fashion',
  from: null,
  until: null,
};

function draftAnswer(version = 5, published = 4): HomeDraftAnswer {
  return {
    data: {
      content: { slides: [slide], featuredCategories: [electronics._id] },
      version,
      updatedAt: '2030-03-01T09:00:00.000Z',
      updatedBy: 'staff-1',
      published: { version: published, updatedAt: '2030-02-01T09:00:00.000Z' },
    },
  };
}

/** The categories the featured list reads, and the draft; `more` answer first. */
function api(...more: Handler[]) {
  return mockApi(
    ...more,
    on('GET', '/home/draft', () => reply(200, draftAnswer())),
    on('GET', /^\/categories\?/, () =>
      reply(200, {
        results: 1,
        metadata: { currentPage: 1, numberOfPages: 1, limit: 100 },
        data: [electronics],
      }),
    ),
    on('GET', `/categories/${electronics._id}?lang=en`, () => reply(200, { data: electronics })),
  );
}

function renderScreen() {
  sessionStorage.setItem(STAFF_TOKEN_KEY, 'staff-token');
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={makeI18nProvider('en')} store={memoryStore()}>
      <HomeScreen />
      <Notification />
    </AdminContext>,
  );
}

const englishTitle = () => screen.findByLabelText(/^Title \(English\)/);

afterEach(() => vi.restoreAllMocks());

describe('the Home page screen', { timeout: 30_000 }, () => {
  it('loads the draft: its slide, its featured categories and what is published', async () => {
    const { calls } = api();
    renderScreen();
    expect(await englishTitle()).toHaveValue('Summer sale');
    expect(screen.getByLabelText(/^Title \(Arabic\)/)).toHaveValue('تخفيضات الصيف');
    expect(screen.getByLabelText(/^Title \(Arabic\)/)).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Draft version 5 · published version 4 (unpublished changes)',
    );
    expect(await screen.findByRole('button', { name: 'Electronics' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Slide picture' })).toHaveAttribute(
      'src',
      '/ecommerceweb/banners/fashion.svg',
    );
    expect(calls.find((c) => c.path === '/home/draft')?.token).toBe('staff-token');
  });

  it('saves an edited title with the version it was read at', async () => {
    const user = userEvent.setup();
    const { calls } = api(on('PUT', '/home/draft', () => reply(200, draftAnswer(6, 4))));
    renderScreen();
    const title = await englishTitle();
    await user.clear(title);
    await user.type(title, 'Winter sale');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      version: 5,
      content: {
        slides: [{ ...slide, title: { en: 'Winter sale', ar: 'تخفيضات الصيف' } }],
        featuredCategories: [electronics._id],
      },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Draft version 6');
  });

  it("shows a refusal's message and keeps what was typed", async () => {
    const user = userEvent.setup();
    const msg = 'Slide 1: no such picture (upload it, or choose a built-in banner)';
    api(
      on('PUT', '/home/draft', () =>
        reply(400, {
          message: 'fail',
          errors: { value: '/banners/fashion.svg', msg, param: 'content.slides.0.picture', location: 'body' },
        }),
      ),
    );
    renderScreen();
    const title = await englishTitle();
    await user.clear(title);
    await user.type(title, 'Winter sale');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    // In the notification, and under the field it names (content.slides.0.picture: the slide's picture).
    await waitFor(() => expect(screen.getAllByText(msg)).toHaveLength(2));
    expect(screen.getByLabelText(/^Title \(English\)/)).toHaveValue('Winter sale');
    expect(screen.getByRole('status')).toHaveTextContent('Draft version 5');
  });

  it('explains a 409 and reads the draft again on Reload', async () => {
    const user = userEvent.setup();
    const message =
      'The home page was changed by someone else since you opened it (version 5, now 6): reload it and make your changes again';
    const { calls } = api(on('PUT', '/home/draft', () => reply(409, { statusMsg: 'fail', message })));
    renderScreen();
    const title = await englishTitle();
    await user.type(title, '!');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(
      await screen.findByText(/Someone else changed the home page since you opened it/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title \(English\)/)).toHaveValue('Summer sale!');
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/home/draft' && c.method === 'GET')).toHaveLength(2),
    );
    await waitFor(() => expect(screen.getByLabelText(/^Title \(English\)/)).toHaveValue('Summer sale'));
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
  });

  it('asks for a preview link and opens the storefront on it in a new tab', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { calls } = api(
      on('POST', '/home/preview', () =>
        reply(200, { data: { token: 'tok.en', expiresAt: '2030-03-01T10:00:00.000Z' } }),
      ),
    );
    renderScreen();
    await englishTitle();
    await user.type(screen.getByLabelText('Preview as of'), '2030-06-01T09:30');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('/ecommerceweb/#/preview?token=tok.en', '_blank', 'noopener'),
    );
    const post = calls.find((c) => c.path === '/home/preview');
    expect(post?.body).toEqual({ at: new Date('2030-06-01T09:30').toISOString() });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false); // nothing was typed: nothing to save first
    const link = screen.getByRole('link', { name: /\/ecommerceweb\/#\/preview\?token=tok\.en$/ });
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('publishes the draft version after the confirm', async () => {
    const user = userEvent.setup();
    const { calls } = api(
      on('POST', '/home/publish', () =>
        reply(200, {
          data: {
            content: draftAnswer().data.content,
            version: 5,
            updatedAt: '2030-03-02T09:00:00.000Z',
            updatedBy: 'staff-1',
          },
        }),
      ),
    );
    renderScreen();
    await englishTitle();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Publish draft version 5?');
    expect(calls.some((c) => c.path === '/home/publish')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Home page published')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/home/publish')?.body).toEqual({ version: 5 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Everything is published');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
  });
});
