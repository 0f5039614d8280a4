// The catalogue's icons (ratings, sliders and picture controls), apart from the frame's (icons.tsx).
import { svgProps, type IconProps } from './icons';

/** The star's outline in the icons' 24-unit box (the early paint draws the same star: lib/early-paint/script.ts). */
export const starPath = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

export function StarIcon({ size = 16, className }: IconProps) {
  return (
    <svg {...svgProps(size, className)} fill="currentColor">
      <path d={starPath} />
    </svg>
  );
}

/** A chevron towards the start of the line ('start': previous) or its end ('end': next), in either direction. */
export function ChevronIcon({ size = 24, className, direction }: IconProps & { direction: 'start' | 'end' }) {
  return (
    <svg
      {...svgProps(size, className, true)}
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={direction === 'start' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </svg>
  );
}
