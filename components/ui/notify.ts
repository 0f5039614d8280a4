import type { ToastOptions } from 'react-toastify';

// react-toastify is not needed to draw the first screen: it loads on the first toast or once the page is
// idle, whichever comes first. Toasts raised before the container mounts are queued by react-toastify
// and shown as soon as it does.
type ToastModule = typeof import('react-toastify');

let loading: Promise<ToastModule> | null = null;
const wanted = new Set<() => void>();

export function loadToasts(): Promise<ToastModule> {
  if (!loading) {
    loading = import('react-toastify');
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

export function notify(kind: 'success' | 'error' | 'info', text: string, options: ToastOptions = {}): void {
  void loadToasts().then(({ toast }) => {
    toast[kind](text, options);
  });
}
