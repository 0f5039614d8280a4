// The back office's react-admin store (localStorage, under its own prefix). react-admin resets the store whenever it
// signs out, including the sign-out that follows a failed auth check on every signed-out page load; that would
// wipe the staff member's language and colour scheme, which are preferences of the browser, not of a session (and
// which the page's head script reads before paint). So a reset here clears everything but those two.
import { localStorageStore, type Store } from 'react-admin';
import { storePrefix } from './config';

/** Kept across sign-out: the chosen language and colour scheme. */
export const keptKeys: readonly string[] = ['locale', 'theme'];

export function makeStore(): Store {
  const base = localStorageStore(undefined, storePrefix);
  return {
    ...base,
    reset() {
      for (const key of Object.keys(base.listItems?.() ?? {}))
        if (!keptKeys.includes(key)) base.removeItem(key);
    },
  };
}
