import type { TimedToastOptions, ToastKind } from './toast-scheduler';

// What the first screen carries of the toasts: the call that asks for one. The rest (react-toastify, the toasts'
// look and the scheduler that times them: toast-library.ts) loads on the first toast or once the page is idle,
// whichever comes first. A toast asked for before it has arrived keeps the moment it was asked for, so when the
// code arrives does not move a toast in time.
type ToastModule = typeof import('./toast-library');

let loading: Promise<ToastModule> | null = null;
let loaded: ToastModule | null = null;
const asked: Array<[ToastKind, string, TimedToastOptions, number]> = [];
const wanted = new Set<() => void>();

export function loadToasts(): Promise<ToastModule> {
  if (!loading) {
    loading = import('./toast-library').then((m) => {
      loaded = m;
      for (const [kind, text, options, at] of asked.splice(0)) m.schedule(kind, text, options, at);
      return m;
    });
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

/** The toasts' code once it has arrived (a toast on screen means it has). */
export function toastCode(): ToastModule | null {
  return loaded;
}

/**
 * Shows a toast `delay` ms from now (call it when the action succeeded) for `autoClose` ms counted from
 * its appearance. The spec's texts, positions and timings are passed as given.
 */
export function notify(kind: ToastKind, text: string, options: TimedToastOptions = {}): void {
  const at = performance.now();
  if (loaded) {
    loaded.schedule(kind, text, options, at);
    return;
  }
  asked.push([kind, text, options, at]);
  void loadToasts();
}
