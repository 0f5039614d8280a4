import type { ToastOptions, ToastPosition } from 'react-toastify';

export type ToastKind = 'success' | 'error' | 'info';

export interface TimedToastOptions {
  /** Milliseconds from the call (the moment the action succeeded) until the toast appears. */
  delay?: number;
  /** Milliseconds the toast stays on screen, counted from the moment it appears. */
  autoClose?: number;
  position?: ToastPosition;
  icon?: ToastOptions['icon'];
}

/** react-toastify's default time on screen, kept for toasts the spec gives no duration. */
export const defaultAutoClose = 5000;

/** What the scheduler needs from a mounted toast container. */
export interface ToastDisplay {
  show(
    id: string,
    kind: ToastKind,
    text: string,
    options: {
      position?: ToastPosition;
      icon?: ToastOptions['icon'];
      onOpen: () => void;
      onClose: () => void;
    },
  ): void;
  dismiss(id: string): void;
}

export interface SchedulerEnv {
  /** A monotonic clock in ms (performance.now in the browser). */
  now(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  /** Asks for the toast library and its container (idempotent): they load while a delay runs. */
  request(): void;
}

/** Why an on-screen countdown is paused: the page is hidden, the pointer rests on the toast, or focus is in it. */
export type HoldReason = 'hidden' | 'pointer' | 'focus';

interface Entry {
  id: string;
  kind: ToastKind;
  text: string;
  options: TimedToastOptions;
  /** waiting: its delay runs; due: to be shown as soon as a container is there and the page is visible. */
  phase: 'waiting' | 'due' | 'shown';
  opened: boolean;
  timer: unknown;
  /** On-screen time left, and when the countdown last started. */
  remaining: number;
  startedAt: number;
  holds: Set<HoldReason>;
}

/**
 * Times every toast itself instead of leaving it to react-toastify, whose `delay` is a timer started only
 * when a mounted container builds the toast (after the lazy library has loaded and the container has
 * subscribed, and lost if that container is replaced), and whose `autoClose` is a CSS animation that starts
 * only after the 0.5 s entrance. Here the delay starts when the caller asks (the action succeeded), the
 * toast is handed to the container when it is due, and the time on screen counts from its appearance,
 * paused while nobody can see or is reading it.
 */
export function createToastScheduler(env: SchedulerEnv) {
  const entries = new Map<string, Entry>();
  let display: ToastDisplay | null = null;
  let hidden = false;
  let serial = 0;

  function clear(entry: Entry): void {
    if (entry.timer !== null) env.clearTimer(entry.timer);
    entry.timer = null;
  }

  function finish(entry: Entry): void {
    clear(entry);
    entries.delete(entry.id);
  }

  function show(entry: Entry): void {
    if (entry.phase !== 'due' || hidden || !display) return;
    entry.phase = 'shown';
    display.show(entry.id, entry.kind, entry.text, {
      position: entry.options.position,
      icon: entry.options.icon,
      onOpen: () => {
        entry.opened = true;
        run(entry);
      },
      onClose: () => finish(entry),
    });
  }

  /** (Re)starts the on-screen countdown of an open toast, unless something holds it. */
  function run(entry: Entry): void {
    if (entry.phase !== 'shown' || !entry.opened || entry.timer !== null || entry.holds.size > 0) return;
    entry.startedAt = env.now();
    entry.timer = env.setTimer(() => {
      entry.timer = null;
      // react-toastify plays its exit animation and calls onClose, which forgets the entry.
      display?.dismiss(entry.id);
      finish(entry);
    }, entry.remaining);
  }

  function pause(entry: Entry): void {
    if (entry.phase !== 'shown' || entry.timer === null) return;
    clear(entry);
    entry.remaining = Math.max(0, entry.remaining - (env.now() - entry.startedAt));
  }

  return {
    /** Schedules a toast from now; returns its id (also the toast element's id). */
    schedule(kind: ToastKind, text: string, options: TimedToastOptions = {}): string {
      serial += 1;
      const entry: Entry = {
        id: `toast-${serial}`,
        kind,
        text,
        options,
        phase: 'waiting',
        opened: false,
        timer: null,
        remaining: Math.max(0, options.autoClose ?? defaultAutoClose),
        startedAt: 0,
        holds: new Set(),
      };
      entries.set(entry.id, entry);
      env.request();
      const delay = Math.max(0, options.delay ?? 0);
      const due = () => {
        entry.timer = null;
        entry.phase = 'due';
        show(entry);
      };
      if (delay > 0) entry.timer = env.setTimer(due, delay);
      else due();
      return entry.id;
    },

    /** A container is mounted: toasts that are due appear now. */
    attach(next: ToastDisplay): void {
      display = next;
      for (const entry of [...entries.values()]) show(entry);
    },

    /**
     * The container went away: the storefront's layout was torn down (it holds the one host for the page's
     * life), so the toasts on it are gone and those still waiting belong to a page that no longer exists.
     */
    detach(gone: ToastDisplay): void {
      if (display !== gone) return;
      display = null;
      for (const entry of [...entries.values()]) finish(entry);
    },

    /** The page was hidden or shown again (visibilitychange). */
    setHidden(isHidden: boolean): void {
      hidden = isHidden;
      for (const entry of [...entries.values()]) {
        if (isHidden) {
          entry.holds.add('hidden');
          pause(entry);
        } else {
          entry.holds.delete('hidden');
          show(entry);
          run(entry);
        }
      }
    },

    hold(id: string, reason: HoldReason): void {
      const entry = entries.get(id);
      if (!entry) return;
      entry.holds.add(reason);
      pause(entry);
    },

    release(id: string, reason: HoldReason): void {
      const entry = entries.get(id);
      if (!entry) return;
      entry.holds.delete(reason);
      run(entry);
    },
  };
}

export type ToastScheduler = ReturnType<typeof createToastScheduler>;
