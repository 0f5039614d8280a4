// Right to left (<html dir="rtl">, set by the head script or the language switch): the sliders run in
// keen-slider's rtl mode, direction-bearing icons are marked to be mirrored, toasts take the mirrored corner.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KeenSliderOptions } from 'keen-slider';
import { ImageCarousel } from '@/components/catalogue/image-carousel';
import { ImageViewer } from '@/components/catalogue/image-viewer';
import { CartIcon, CloseIcon, MenuIcon } from '@/components/ui/icons';
import { ChevronIcon, StarIcon } from '@/components/ui/catalogue-icons';
import { positionFor } from '@/components/ui/toast-position';
// The English texts of the details screen's pictures travel with that screen; rendered alone, they are loaded here.
import '@/lib/i18n/compiled/en-details';

interface FakeSlider {
  options: KeenSliderOptions;
  update: ReturnType<typeof vi.fn>;
  next: ReturnType<typeof vi.fn>;
}

const sliders: FakeSlider[] = [];

vi.mock('keen-slider', () => ({
  default: vi.fn(function KeenSlider(container: HTMLElement, options: KeenSliderOptions) {
    const slider: FakeSlider = {
      options,
      update: vi.fn((next: KeenSliderOptions) => {
        slider.options = next;
      }),
      next: vi.fn(),
    };
    sliders.push(slider);
    return {
      get options() {
        return slider.options;
      },
      // keen-slider's slides, read when it starts: the pictures drawn.
      slides: Array.from(container.children),
      update: slider.update,
      next: slider.next,
      prev: vi.fn(),
      moveToIdx: vi.fn(),
      destroy: vi.fn(),
      track: { details: { rel: 0 } },
    };
  }),
}));

function setDirection(dir: 'ltr' | 'rtl') {
  document.documentElement.dir = dir;
  document.documentElement.lang = dir === 'rtl' ? 'ar' : 'en';
}

beforeEach(() => {
  sliders.length = 0;
});

afterEach(() => {
  document.documentElement.removeAttribute('dir');
  document.documentElement.removeAttribute('lang');
});

const images = ['/a.webp', '/b.webp', '/c.webp'];

describe('sliders follow the reading direction', () => {
  it('left to right: keen-slider without rtl', async () => {
    setDirection('ltr');
    render(<ImageCarousel images={images} title="Camera" onOpen={() => {}} />);
    await vi.waitFor(() => expect(sliders).toHaveLength(1));
    expect(sliders[0]?.options.rtl).toBe(false);
  });

  it("right to left: keen-slider's rtl mode, so the next picture comes from the left", async () => {
    setDirection('rtl');
    render(<ImageCarousel images={images} title="Camera" onOpen={() => {}} />);
    // 'Next image' fetches the slider at once and still means the next picture.
    await userEvent.click(screen.getByRole('button', { name: 'Next image' }));
    await vi.waitFor(() => expect(sliders).toHaveLength(1));
    expect(sliders[0]?.options.rtl).toBe(true);
    // The spec's options are kept.
    expect(sliders[0]?.options.slides).toEqual({ perView: 1, spacing: 40 });
    expect(sliders[0]?.next).toHaveBeenCalledTimes(1);
  });

  it('a change of direction while the slider is live re-lays it in the new direction', async () => {
    setDirection('ltr');
    render(<ImageCarousel images={images} title="Camera" onOpen={() => {}} />);
    await vi.waitFor(() => expect(sliders).toHaveLength(1));
    await act(async () => setDirection('rtl'));
    await vi.waitFor(() => expect(sliders[0]?.update).toHaveBeenCalledTimes(1));
    expect(sliders[0]?.options.rtl).toBe(true);
  });
});

describe('direction-bearing icons are mirrored right to left', () => {
  it('chevrons and the cart carry data-rtl-mirror; star, menu and close do not', () => {
    const { container } = render(
      <div>
        <ChevronIcon direction="start" className="prev" />
        <ChevronIcon direction="end" className="next" />
        <CartIcon className="cart" />
        <StarIcon className="star" />
        <MenuIcon className="menu" />
        <CloseIcon className="close" />
      </div>,
    );
    const icon = (name: string) => container.querySelector(`svg.${name}`);
    for (const name of ['prev', 'next', 'cart']) expect(icon(name)).toHaveAttribute('data-rtl-mirror');
    for (const name of ['star', 'menu', 'close']) expect(icon(name)).not.toHaveAttribute('data-rtl-mirror');
  });

  it('the carousel arrows are chevrons to be mirrored: previous points to the start, next to the end', () => {
    render(<ImageCarousel images={images} title="Camera" onOpen={() => {}} />);
    const prev = screen.getByRole('button', { name: 'Previous image' }).querySelector('svg');
    const next = screen.getByRole('button', { name: 'Next image' }).querySelector('svg');
    expect(prev).toHaveAttribute('data-rtl-mirror');
    expect(next).toHaveAttribute('data-rtl-mirror');
    expect(prev?.querySelector('path')?.getAttribute('d')).toBe('M15 5l-7 7 7 7');
    expect(next?.querySelector('path')?.getAttribute('d')).toBe('M9 5l7 7-7 7');
  });

  it('the page stylesheet turns a marked icon round under [dir=rtl], and only there', () => {
    const css = readFileSync(resolve(process.cwd(), 'styles/globals.scss'), 'utf8');
    expect(css).toMatch(/\[dir='rtl'\] \[data-rtl-mirror\] \{\s*transform: scaleX\(-1\);\s*\}/);
  });
});

describe('toasts stand where reading starts', () => {
  it("left to right the spec's corners as given", () => {
    expect(positionFor('top-right', 'ltr')).toBe('top-right');
    expect(positionFor('top-center', 'ltr')).toBe('top-center');
    expect(positionFor(undefined, 'ltr')).toBe('top-right');
  });

  it('right to left the mirrored corner; top-center stays', () => {
    expect(positionFor('top-right', 'rtl')).toBe('top-left');
    expect(positionFor('top-left', 'rtl')).toBe('top-right');
    expect(positionFor('bottom-right', 'rtl')).toBe('bottom-left');
    expect(positionFor('top-center', 'rtl')).toBe('top-center');
    expect(positionFor(undefined, 'rtl')).toBe('top-left');
  });
});

describe('the image viewer moves the way the page reads', () => {
  function open() {
    render(<ImageViewer images={images} title="Camera" initial={0} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Camera images' });
    const shown = () =>
      within(dialog)
        .getAllByRole('group', { hidden: true })
        .findIndex((g) => g.getAttribute('aria-hidden') !== 'true');
    const track = dialog.querySelector('[data-current]') as HTMLElement;
    const swipe = (dx: number) => {
      fireEvent.pointerDown(track, { pointerId: 1, pointerType: 'touch', clientX: 200, clientY: 100 });
      fireEvent.pointerMove(track, { pointerId: 1, pointerType: 'touch', clientX: 200 + dx, clientY: 102 });
      fireEvent.pointerUp(track, { pointerId: 1, pointerType: 'touch', clientX: 200 + dx, clientY: 102 });
    };
    return { dialog, shown, swipe };
  }

  it('left to right: a swipe to the left shows the next picture, to the right the previous', () => {
    setDirection('ltr');
    const { shown, swipe } = open();
    expect(shown()).toBe(0);
    act(() => swipe(-150));
    expect(shown()).toBe(1);
    act(() => swipe(150));
    expect(shown()).toBe(0);
    // A mostly vertical move is the page's scroll, not a swipe.
    const { dialog } = { dialog: screen.getByRole('dialog') };
    const track = dialog.querySelector('[data-current]') as HTMLElement;
    fireEvent.pointerDown(track, { pointerId: 2, pointerType: 'touch', clientX: 200, clientY: 100 });
    fireEvent.pointerMove(track, { pointerId: 2, pointerType: 'touch', clientX: 180, clientY: 220 });
    fireEvent.pointerUp(track, { pointerId: 2, pointerType: 'touch', clientX: 180, clientY: 220 });
    expect(shown()).toBe(0);
  });

  it('right to left: a swipe to the right shows the next picture, to the left the previous', () => {
    setDirection('rtl');
    const { shown, swipe } = open();
    act(() => swipe(150));
    expect(shown()).toBe(1);
    act(() => swipe(150));
    expect(shown()).toBe(2);
    act(() => swipe(-150));
    expect(shown()).toBe(1);
    // A swipe the system takes away half-way leaves the picture where it was.
    const track = screen.getByRole('dialog').querySelector('[data-current]') as HTMLElement;
    fireEvent.pointerDown(track, { pointerId: 3, pointerType: 'touch', clientX: 200, clientY: 100 });
    fireEvent.pointerMove(track, { pointerId: 3, pointerType: 'touch', clientX: 400, clientY: 100 });
    fireEvent.pointerCancel(track, { pointerId: 3, pointerType: 'touch', clientX: 400, clientY: 100 });
    expect(shown()).toBe(1);
  });

  it('the arrow keys point at the picture to show: ArrowLeft is next right to left, previous left to right', async () => {
    setDirection('rtl');
    const { shown } = open();
    await userEvent.keyboard('{ArrowLeft}');
    expect(shown()).toBe(1);
    await userEvent.keyboard('{ArrowRight}');
    expect(shown()).toBe(0);
  });

  it("'Next image' from the last picture goes round to the first; a dot shows its picture", async () => {
    setDirection('ltr');
    const { dialog, shown } = open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show image 3' }));
    expect(shown()).toBe(2);
    expect(within(dialog).getByRole('button', { name: 'Show image 3' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next image' }));
    expect(shown()).toBe(0);
  });
});
