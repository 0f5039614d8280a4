import type { ToastPosition } from 'react-toastify';
import type { Direction } from './direction';

/**
 * The spec's corners (top-right, top-center) are a left-to-right page's; right to left a toast stands in the
 * mirrored corner (top-left), on the side where reading starts, as in the English page. Top-center stays.
 */
export function positionFor(position: ToastPosition = 'top-right', direction: Direction): ToastPosition {
  if (direction === 'ltr') return position;
  return position.replace(/left|right/, (side) => (side === 'left' ? 'right' : 'left')) as ToastPosition;
}
