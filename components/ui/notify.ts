import type { ToastPosition } from 'react-toastify';
import { documentDirection, type Direction } from './direction';
import {
  createToastScheduler,
  type HoldReason,
  type TimedToastOptions,
  type ToastDisplay,
  type ToastKind,
} from './toast-scheduler';

// react-toastify is not needed to draw the first screen: it loads on the first toast or once the page is
// idle, whichever comes first. The toasts themselves are timed by the scheduler below, never by the
// library, so when it loads or how often its container mounts does not move a toast in time.
type ToastModule = typeof import('./toast-library');

let loading: Promise<ToastModule> | null = null;
const wanted = new Set<() => void>();

export function loadToasts(): Promise<ToastModule> {
  if (!loading) {
    loading = import('./toast-library');
    for (const listener of wanted) listener();
  }
  return loading;
}

/** The toast container host subscribes here to mount as soon as a toast is asked for. */
export function onToastsWanted(listener: () => void): () => void {
  wanted.add(listener);
  return () => {
    wanted.delete(listener);
  };
}

export function toastsRequested(): boolean {
  return loading !== null;
}

const scheduler = createToastScheduler({
  now: () => performance.now(),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  request: () => void loadToasts(),
});

if (typeof document !== 'undefined') {
  const sync = () => scheduler.setHidden(document.visibilityState === 'hidden');
  document.addEventListener('visibilitychange', sync);
  sync();
}

/**
 * Shows a toast `delay` ms from now (call it when the action succeeded) for `autoClose` ms counted from
 * its appearance. The spec's texts, positions and timings are passed as given.
 */
export function notify(kind: ToastKind, text: string, options: TimedToastOptions = {}): void {
  scheduler.schedule(kind, text, options);
}

/**
 * The spec's corners (top-right, top-center) are a left-to-right page's; right to left a toast stands in the
 * mirrored corner (top-left), on the side where reading starts, as in the English page. Top-center stays.
 */
export function positionFor(position: ToastPosition = 'top-right', direction: Direction): ToastPosition {
  if (direction === 'ltr') return position;
  return position.replace(/left|right/, (side) => (side === 'left' ? 'right' : 'left')) as ToastPosition;
}

function displayOf({ toast }: ToastModule): ToastDisplay {
  return {
    show(id, kind, text, { position, icon, onOpen, onClose }) {
      const direction = documentDirection();
      // The scheduler owns the time on screen: react-toastify's own timer and its bar are off.
      toast[kind](text, {
        toastId: id,
        position: positionFor(position, direction),
        // react-toastify's rtl: the text, icon and close button laid out right to left.
        rtl: direction === 'rtl',
        icon,
        autoClose: false,
        hideProgressBar: true,
        onOpen,
        onClose,
      });
    },
    dismiss: (id) => toast.dismiss(id),
  };
}

/**
 * Called by the host once its container has mounted; returns the matching detach. The hand-over waits a
 * microtask: React may mount, unmount and mount again at once (StrictMode), and react-toastify gives each
 * mount a new container, so a toast handed to the first would be lost.
 */
export function attachToastContainer(): () => void {
  let display: ToastDisplay | null = null;
  let gone = false;
  void loadToasts().then((module) => {
    if (gone) return;
    display = displayOf(module);
    scheduler.attach(display);
  });
  return () => {
    gone = true;
    if (display) scheduler.detach(display);
  };
}

/** The pointer or the keyboard focus is on a toast: its time on screen waits. */
export function holdToast(id: string, reason: Exclude<HoldReason, 'hidden'>): void {
  scheduler.hold(id, reason);
}

export function releaseToast(id: string, reason: Exclude<HoldReason, 'hidden'>): void {
  scheduler.release(id, reason);
}
