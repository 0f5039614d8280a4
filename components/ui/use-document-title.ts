import { useEffect } from 'react';

export const shopName = 'FreshCart';

/** Each screen names itself in the tab and in the history list: "Cart · FreshCart". */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title === undefined || title === null) return;
    document.title = title ? `${title} · ${shopName}` : shopName;
  }, [title]);
}
