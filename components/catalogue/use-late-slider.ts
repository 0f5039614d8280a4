import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { KeenSliderInstance, KeenSliderOptions } from 'keen-slider';
import { directionOf } from '@/components/ui/direction';
import { useDirection } from '@/components/ui/use-direction';
import { whenIdle } from '@/components/ui/when-idle';

// keen-slider is not needed to draw a slider: the first slide is plain markup (styled like keen's own layout),
// so its code and its start-up work wait until the page has painted and gone idle, off the path of the first
// screen. A shopper who acts before that (a dot, an arrow) has it fetched at once.

type Library = typeof import('keen-slider');

let library: Promise<Library> | null = null;

function loadLibrary(): Promise<Library> {
  library ??= import('keen-slider').catch((err: unknown) => {
    library = null; // offline for a moment: the next attempt fetches again
    throw err;
  });
  return library;
}

export interface LateSlider<T extends HTMLElement> {
  /** The slider's container (its children are the slides). */
  ref: (element: T | null) => void;
  /** Runs `action` on the slider; before keen-slider has arrived, fetches it first. */
  act: (action: (slider: KeenSliderInstance) => void) => void;
  /** keen-slider has taken over the container. */
  live: boolean;
}

/** The options as given, in the container's reading direction (keen-slider's `rtl`: slides run leftwards). */
function withDirection(options: KeenSliderOptions, element: HTMLElement): KeenSliderOptions {
  return { ...options, rtl: directionOf(element) === 'rtl' };
}

/**
 * A keen-slider on a container, attached once the page is idle (or at once when the shopper acts on it).
 * The options are read when it attaches. Right to left (<html dir="rtl">) it runs in keen-slider's rtl mode: the next
 * slide comes from the left and a swipe to the right brings it; a change of direction re-lays it.
 */
export function useLateSlider<T extends HTMLElement>(options: KeenSliderOptions): LateSlider<T> {
  const element = useRef<T | null>(null);
  const slider = useRef<KeenSliderInstance | null>(null);
  const latest = useRef(options);
  latest.current = options;
  const pending = useRef<Array<(slider: KeenSliderInstance) => void>>([]);
  const mounted = useRef(false);
  const [live, setLive] = useState(false);

  const attach = useCallback(() => {
    loadLibrary().then(
      ({ default: KeenSlider }) => {
        if (!mounted.current || slider.current || !element.current) return;
        slider.current = new KeenSlider(element.current, withDirection(latest.current, element.current));
        setLive(true);
        const queued = pending.current.splice(0);
        for (const action of queued) action(slider.current);
      },
      (err: unknown) => console.error(err),
    );
  }, []);

  useEffect(() => {
    mounted.current = true;
    const cancel = whenIdle(attach, 2000);
    return () => {
      mounted.current = false;
      cancel();
      slider.current?.destroy();
      slider.current = null;
      pending.current = [];
    };
  }, [attach]);

  // keen-slider reads its slides and its direction when it starts. Slides that change after that (the preview's
  // content arriving, a slide going live, a category added) are handed to it before the browser paints them, so a
  // click on a new dot moves to that slide, not to its place in the old loop; a change of direction re-lays it.
  useDirection(); // drawn again when <html dir> changes
  useLayoutEffect(() => {
    const live = slider.current;
    const el = element.current;
    if (
      live &&
      el &&
      (live.options.rtl !== (directionOf(el) === 'rtl') ||
        live.slides.length !== el.children.length ||
        live.slides.some((slide, i) => slide !== el.children[i]))
    ) {
      live.update(withDirection(latest.current, el), live.track.details?.rel);
    }
  });

  const ref = useCallback((el: T | null) => {
    element.current = el;
  }, []);

  const act = useCallback(
    (action: (slider: KeenSliderInstance) => void) => {
      if (slider.current) {
        action(slider.current);
        return;
      }
      pending.current.push(action);
      attach();
    },
    [attach],
  );

  return { ref, act, live };
}
