// Home's banner when its slides change after keen-slider has taken over: the preview's content arriving with a new
// slide (3 slides become 4), a slide taken away. keen-slider reads its slides when it starts and when it is updated;
// the fake below keeps that behaviour (a loop over the slides it was given), so a dot for a slide it was never told
// about lands on the wrong slide, as it did in a real browser.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { KeenSliderOptions } from 'keen-slider';
import { HomeBanner } from '@/components/catalogue/home-banner';
import type { ShownSlide } from '@/lib/home/content';
// The English texts of Home's banner travel with Home's screen; rendered alone, they are loaded here.
import '@/lib/i18n/compiled/en-catalogue';

interface FakeSlider {
  slides: Element[];
  rel: number;
  update: ReturnType<typeof vi.fn>;
}

const sliders: FakeSlider[] = [];

vi.mock('keen-slider', () => ({
  default: vi.fn(function KeenSlider(container: HTMLElement, first: KeenSliderOptions) {
    let options = first;
    const state: FakeSlider = {
      slides: Array.from(container.children),
      rel: 0,
      update: vi.fn((next?: KeenSliderOptions) => {
        if (next) options = next;
        state.slides = Array.from(container.children);
      }),
    };
    sliders.push(state);
    const instance = {
      get options() {
        return options;
      },
      get slides() {
        return state.slides;
      },
      get track() {
        return { details: { rel: state.rel } };
      },
      update: state.update,
      moveToIdx(idx: number) {
        const count = state.slides.length;
        state.rel = ((idx % count) + count) % count;
        options.slideChanged?.(instance as never);
      },
      next() {
        instance.moveToIdx(state.rel + 1);
      },
      prev() {
        instance.moveToIdx(state.rel - 1);
      },
      destroy: vi.fn(),
    };
    return instance;
  }),
}));

const slide = (n: number): ShownSlide => ({
  id: `s${n}`,
  pictureUrl: `/home/${n}.webp`,
  mirror: false,
  title: `Slide title ${n}`,
  text: `Slide text ${n}`,
  linkLabel: `link ${n}`,
  to: '/products',
});

const shown = () =>
  screen.getAllByRole('group', { hidden: true }).find((g) => g.getAttribute('aria-hidden') !== 'true');

beforeEach(() => {
  sliders.length = 0;
});

describe("Home's banner", () => {
  it('a slide added after keen-slider took over: its dot shows it', async () => {
    const three = [slide(1), slide(2), slide(3)];
    const { rerender } = render(<HomeBanner slides={three} />);
    await vi.waitFor(() => expect(sliders).toHaveLength(1));
    expect(sliders[0]?.slides).toHaveLength(3);

    rerender(<HomeBanner slides={[...three, slide(4)]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show slide 4' }));

    expect(shown()).toHaveAccessibleName('4 of 4');
    expect(within(shown()!).getByRole('heading')).toHaveTextContent('Slide title 4');
    expect(screen.getByRole('button', { name: 'Show slide 4' })).toHaveAttribute('aria-current', 'true');
    // One slider, told once about its new slides: not re-created, not updated on every render.
    expect(sliders).toHaveLength(1);
    expect(sliders[0]?.update).toHaveBeenCalledTimes(1);
  });

  it('a slide replaced by another (the same count): the slider holds the new one', async () => {
    const { rerender } = render(<HomeBanner slides={[slide(1), slide(2)]} />);
    await vi.waitFor(() => expect(sliders).toHaveLength(1));

    rerender(<HomeBanner slides={[slide(1), slide(5)]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show slide 2' }));

    expect(within(shown()!).getByRole('heading')).toHaveTextContent('Slide title 5');
    expect(sliders[0]?.slides.every((s) => s.isConnected)).toBe(true);
  });

  it('the same slides drawn again (a language switch re-renders them): the slider is left alone', async () => {
    const two = [slide(1), slide(2)];
    const { rerender } = render(<HomeBanner slides={two} />);
    await vi.waitFor(() => expect(sliders).toHaveLength(1));
    await act(async () => rerender(<HomeBanner slides={[...two]} />));
    expect(sliders[0]?.update).not.toHaveBeenCalled();
  });
});
