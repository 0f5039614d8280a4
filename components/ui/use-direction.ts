import { useSyncExternalStore } from 'react';
import { documentDirection, type Direction } from './direction';

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['dir'] });
  return () => observer.disconnect();
}

/** The page's direction, followed when <html dir> changes. The prerendered page is drawn left to right. */
export function useDirection(): Direction {
  return useSyncExternalStore(subscribe, documentDirection, () => 'ltr');
}
