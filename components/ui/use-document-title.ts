import { useEffect } from 'react';
import { useShownKey } from '@/lib/router/react';

export const shopName = 'FreshCart';

// The title the route on screen asked for. Something else may write the title after the screen set it (the page's
// own <title>, hydrated after a quick first screen was drawn, left "FreshCart"): it is put back whenever the head
// changes.
let wanted: string | null = null;
let watching = false;

function apply(): void {
  if (wanted !== null && document.title !== wanted) document.title = wanted;
}

/**
 * Each screen names itself in the tab and in the history list ("Cart · FreshCart"), each time its route is shown:
 * also when the router keeps the screen from one entry to the next.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  const shown = useShownKey();
  useEffect(() => {
    if (title === undefined || title === null) return;
    wanted = title ? `${title} · ${shopName}` : shopName;
    if (!watching) {
      watching = true;
      new MutationObserver(apply).observe(document.head, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    }
    apply();
  }, [title, shown]);
}
