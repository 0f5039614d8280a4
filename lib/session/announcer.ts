import { useSyncExternalStore } from 'react';

// Cart results for screen readers: toasts come late (3 s) or not at all for some results, so the root
// layout renders this message in an aria-live region right away.
let message = '';
let serial = 0;
const listeners = new Set<() => void>();

export function announce(text: string): void {
  // A counter suffix makes a repeated message a new DOM text, so it is read again.
  serial += 1;
  message = serial % 2 === 0 ? text : `${text}\u00a0`;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getMessage = (): string => message;
const getServerMessage = (): string => '';

export function useAnnouncement(): string {
  return useSyncExternalStore(subscribe, getMessage, getServerMessage);
}
