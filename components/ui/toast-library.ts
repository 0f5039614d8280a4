// Everything of the toasts but the call that asks for one (notify.ts): react-toastify, the shop's look for its toasts
// (below the fixed header, in the theme's colours) and the scheduler that times them, fetched together on the first
// toast or once the page is idle, so none of it weighs on the first screen.
import { toast } from 'react-toastify';
import { documentDirection } from './direction';
import { positionFor } from './toast-position';
import {
  createToastScheduler,
  type HoldReason,
  type TimedToastOptions,
  type ToastDisplay,
  type ToastKind,
} from './toast-scheduler';
import './toast-theme.scss';

export { ToastContainer } from 'react-toastify';

const scheduler = createToastScheduler({
  now: () => performance.now(),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  // notify.ts has already asked for this module (and with it for the container).
  request: () => {},
});

if (typeof document !== 'undefined') {
  const sync = () => scheduler.setHidden(document.visibilityState === 'hidden');
  document.addEventListener('visibilitychange', sync);
  sync();
}

/**
 * Schedules a toast asked for at `askedAt` (performance.now()): its delay counts from then, however long this
 * module took to arrive.
 */
export function schedule(kind: ToastKind, text: string, options: TimedToastOptions, askedAt: number): void {
  const waited = performance.now() - askedAt;
  scheduler.schedule(kind, text, { ...options, delay: Math.max(0, (options.delay ?? 0) - waited) });
}

const display: ToastDisplay = {
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

/**
 * Called by the host once its container has mounted; returns the matching detach. The hand-over waits a
 * microtask: React may mount, unmount and mount again at once (StrictMode), and react-toastify gives each
 * mount a new container, so a toast handed to the first would be lost.
 */
export function attachToastContainer(): () => void {
  // One display object per mount, so a detach of an older mount does not take away a newer one's.
  const mine: ToastDisplay = { ...display };
  let gone = false;
  let attached = false;
  void Promise.resolve().then(() => {
    if (gone) return;
    attached = true;
    scheduler.attach(mine);
  });
  return () => {
    gone = true;
    if (attached) scheduler.detach(mine);
  };
}

/** The pointer or the keyboard focus is on a toast: its time on screen waits. */
export function holdToast(id: string, reason: Exclude<HoldReason, 'hidden'>): void {
  scheduler.hold(id, reason);
}

export function releaseToast(id: string, reason: Exclude<HoldReason, 'hidden'>): void {
  scheduler.release(id, reason);
}
