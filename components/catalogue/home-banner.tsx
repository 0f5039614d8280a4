import { useEffect, useRef, useState } from 'react';
import { Link } from '@/lib/router/react';
import type { ShownSlide } from '@/lib/home/content';
import { BannerView } from './banner-view';
import { useLateSlider } from './use-late-slider';
import { useT } from '@/lib/i18n/i18n';

const autoplayMs = 5000;

/**
 * Home's banner: the first slide is plain markup (the screen's largest paint, drawn by the prerendered page
 * too); keen-slider takes over once the page is idle, then the slides turn every 5 s unless paused.
 */
export function HomeBanner({ slides }: { slides: readonly ShownSlide[] }) {
  const t = useT();
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const hovering = useRef(false);
  const slider = useLateSlider<HTMLDivElement>({
    loop: true,
    slideChanged: (s) => setCurrent(s.track.details.rel),
  });
  const { act, live } = slider;

  useEffect(() => {
    if (!live || paused || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => {
      if (!hovering.current) act((s) => s.next());
    }, autoplayMs);
    return () => window.clearInterval(timer);
  }, [live, paused, act]);

  return (
    <BannerView
      slides={slides}
      current={current}
      live={live}
      paused={paused}
      Link={Link}
      text={t}
      label={t}
      sliderRef={slider.ref}
      onPause={() => setPaused((p) => !p)}
      onDot={(i) => act((s) => s.moveToIdx(i))}
      onMouseEnter={() => (hovering.current = true)}
      onMouseLeave={() => (hovering.current = false)}
    />
  );
}
