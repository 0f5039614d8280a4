// The product screen's "Share" (issue 29, item 2): the share address our server previews (/ecommerceweb/p/{id}),
// through the system's share sheet where there is one, else copied, else shown to copy by hand; in Arabic the
// address asks for Arabic.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '@/lib/i18n/i18n';
import { clearToken, setToken } from '@/lib/session/session-store';
import { mockApi, on, renderApp, reply } from '../shell-helpers';
import { camera, cart, tokenFor, userId } from '../shell-fixtures';

const shareUrl = `${window.location.origin}/ecommerceweb/p/${camera._id}`;

async function openCamera() {
  mockApi(
    on('GET', '/cart', () => reply(200, cart([]))),
    on('GET', `/orders/user/${userId}`, () => reply(200, [])),
    on('GET', `/products/${camera._id}`, () => reply(200, { data: camera })),
  );
  act(() => setToken(tokenFor(userId)));
  renderApp(`/productDetails/${camera._id}`);
  await screen.findByRole('heading', { level: 1, name: camera.title });
}

/** navigator.share and navigator.clipboard as a browser has them (jsdom has neither). */
function browserHas({
  share,
  writeText,
}: {
  share?: (data: ShareData) => Promise<void>;
  writeText?: (text: string) => Promise<void>;
}) {
  Object.defineProperty(navigator, 'share', { value: share, configurable: true });
  Object.defineProperty(navigator, 'clipboard', {
    value: writeText ? { writeText } : undefined,
    configurable: true,
  });
}

/** The live region beside the Share button (the shell has others). */
const shareStatus = () =>
  within(screen.getByRole('button', { name: /^(Share|مشاركة)$/ }).parentElement!).getByRole('status');

afterEach(async () => {
  act(() => clearToken());
  await act(() => switchLanguage('en'));
  browserHas({});
  vi.restoreAllMocks();
});

describe("the product screen's Share", () => {
  it("opens the system's share sheet with the product's title and share address, and says nothing more", async () => {
    const share = vi.fn(async (_data: ShareData) => undefined);
    const writeText = vi.fn(async (_text: string) => undefined);
    browserHas({ share, writeText });
    await openCamera();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: camera.title, url: shareUrl });
    expect(writeText).not.toHaveBeenCalled();
    expect(shareStatus()).toBeEmptyDOMElement();
  });

  it('does nothing when the shopper closes the share sheet', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    browserHas({
      share: async () => Promise.reject(new DOMException('Share canceled', 'AbortError')),
      writeText,
    });
    await openCamera();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(writeText).not.toHaveBeenCalled();
    expect(shareStatus()).toBeEmptyDOMElement();
  });

  it('copies the address where there is no share sheet, and says so', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    browserHas({ writeText });
    await openCamera();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(shareUrl);
    expect(shareStatus()).toHaveTextContent('Link copied: paste it anywhere to share this product.');
  });

  it('shows the address selected, to copy by hand, where the clipboard is refused', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    browserHas({ writeText: async () => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')) });
    await openCamera();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    const field = await screen.findByRole('textbox', { name: 'Copy this link to share the product:' });
    expect(field).toHaveValue(shareUrl);
    expect(field).toHaveAttribute('readonly');
    expect((field as HTMLInputElement).selectionEnd).toBe(shareUrl.length);
    expect(console.warn).toHaveBeenCalledWith(
      'Could not copy the share link; showing it instead.',
      expect.any(DOMException),
    );
  });

  it('shares the Arabic preview from the Arabic shop', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    browserHas({ writeText });
    await act(() => switchLanguage('ar'));
    await openCamera();
    await userEvent.click(screen.getByRole('button', { name: 'مشاركة' }));
    expect(writeText).toHaveBeenCalledWith(`${shareUrl}?lang=ar`);
    expect(shareStatus()).toHaveTextContent('تم نسخ الرابط');
  });
});
