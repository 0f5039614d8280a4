import type { HomeContent, HomeSlide } from '@/lib/contract/home';

/** Whether a slide is shown at `at` (ms): from its `from` (null: always) until just before its `until` (null: never). */
export function isLive(slide: HomeSlide, at: number): boolean {
  return (
    (slide.from === null || Date.parse(slide.from) <= at) &&
    (slide.until === null || Date.parse(slide.until) > at)
  );
}

/** The slides shown at `at`, in order, and the next moment after it when that changes (null: never). */
export function showAt(
  content: HomeContent,
  at: number,
): { slides: HomeSlide[]; nextChangeAt: string | null } {
  let next = Infinity;
  for (const slide of content.slides)
    for (const moment of [slide.from, slide.until]) {
      const ms = moment === null ? NaN : Date.parse(moment);
      if (ms > at && ms < next) next = ms;
    }
  return {
    slides: content.slides.filter((slide) => isLive(slide, at)),
    nextChangeAt: Number.isFinite(next) ? new Date(next).toISOString() : null,
  };
}
