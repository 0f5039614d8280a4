// Where the route lives: the part of the URL after '#' in the browser (spec section 2), or an in-memory
// list of entries in tests. The router only talks to this interface.

export interface Location {
  pathname: string;
  search: string;
  /** Data handed from one screen to the next (e.g. the e-mail from /forgotpass to /changePass). */
  state: unknown;
  /** Unique per history entry: a redirect or scroll position is tied to the entry it was decided for. */
  key: string;
}

/** PUSH and REPLACE come from the app; POP from the browser (back/forward, a typed or changed hash). */
export type Action = 'PUSH' | 'REPLACE' | 'POP';

export interface RouterHistory {
  readonly location: Location;
  push(path: string, state?: unknown): void;
  replace(path: string, state?: unknown): void;
  go(delta: number): void;
  /** Called on POP only: push and replace are the caller's own doing. */
  listen(listener: () => void): () => void;
  createHref(path: string): string;
}

let keySeed = 0;
function createKey(): string {
  keySeed += 1;
  return `${Date.now().toString(36)}-${keySeed.toString(36)}`;
}

/** '/a/b?x=1' → { pathname: '/a/b', search: '?x=1' }; always a leading slash. */
export function parsePath(path: string): { pathname: string; search: string } {
  const q = path.indexOf('?');
  const pathname = q < 0 ? path : path.slice(0, q);
  const search = q < 0 ? '' : path.slice(q);
  return {
    pathname: pathname.startsWith('/') ? pathname : `/${pathname}`,
    search: search === '?' ? '' : search,
  };
}

interface EntryState {
  key: string;
  usr: unknown;
}

function isEntryState(value: unknown): value is EntryState {
  return typeof value === 'object' && value !== null && typeof (value as EntryState).key === 'string';
}

/**
 * The browser's hash: '#/productDetails/42' is the route /productDetails/42. The app's own navigations write
 * history entries directly (no hashchange event); the browser's (back, forward, a typed hash) arrive as
 * popstate and/or hashchange, which are folded into one POP.
 *
 * The hash belongs to this router alone. Next's App Router patches `history.pushState`/`replaceState` to
 * follow URL changes and then writes the URL back from its own state after a React transition, and on
 * popstate it restores its own entries (or reloads the page for entries it did not write). That late write
 * overrode newer navigations (a token holder opening #/register and at once #/forgotpass ended on /home).
 * So entries are written through the unpatched History methods, and popstate is handled before Next sees
 * it (capture phase) and stopped there: Next's router, which has nothing to route in this static shell,
 * never learns of a hash change and never writes the URL after hydration.
 */
export function createHashHistory(win: Window & typeof globalThis = window): RouterHistory {
  const { pushState, replaceState } = win.History.prototype;
  const writeEntry = (method: typeof pushState, state: EntryState, url?: string) =>
    method.call(win.history, state, '', url);
  let current = read();

  function read(): Location {
    const { pathname, search } = parsePath(win.location.hash.replace(/^#/, '') || '/');
    const entry: unknown = win.history.state;
    if (isEntryState(entry)) return { pathname, search, state: entry.usr, key: entry.key };
    // An entry the browser made (a typed hash): give it a key so it can be told apart from its neighbours.
    const key = createKey();
    writeEntry(replaceState, { key, usr: null });
    return { pathname, search, state: null, key };
  }

  function write(method: typeof pushState, path: string, state: unknown) {
    const key = createKey();
    writeEntry(method, { key, usr: state ?? null }, `#${path}`);
    current = { ...parsePath(path), state: state ?? null, key };
  }

  return {
    get location() {
      return current;
    },
    push: (path, state) => write(pushState, path, state),
    replace: (path, state) => write(replaceState, path, state),
    go: (delta) => win.history.go(delta),
    listen(listener) {
      const onChange = (event: Event) => {
        if (event.type === 'popstate') event.stopImmediatePropagation();
        const before = current;
        current = read();
        // Chrome fires both popstate and hashchange for one hash navigation: report it once.
        if (
          current.key === before.key &&
          current.pathname === before.pathname &&
          current.search === before.search
        ) {
          return;
        }
        listener();
      };
      win.addEventListener('popstate', onChange, true);
      win.addEventListener('hashchange', onChange);
      return () => {
        win.removeEventListener('popstate', onChange, true);
        win.removeEventListener('hashchange', onChange);
      };
    },
    createHref: (path) => `#${path}`,
  };
}

/** History without a browser URL (component tests): entries as paths or { pathname, state }. */
export function createMemoryHistory(
  initialEntries: Array<string | { pathname: string; state?: unknown }> = ['/'],
): RouterHistory {
  const entries: Location[] = initialEntries.map((e) => {
    const { pathname, state } = typeof e === 'string' ? { pathname: e, state: null } : e;
    return { ...parsePath(pathname), state: state ?? null, key: createKey() };
  });
  if (entries.length === 0) entries.push({ pathname: '/', search: '', state: null, key: createKey() });
  let index = entries.length - 1;
  const listeners = new Set<() => void>();

  return {
    get location() {
      return entries[index]!;
    },
    push(path, state) {
      entries.splice(index + 1, entries.length, {
        ...parsePath(path),
        state: state ?? null,
        key: createKey(),
      });
      index = entries.length - 1;
    },
    replace(path, state) {
      entries[index] = { ...parsePath(path), state: state ?? null, key: createKey() };
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      for (const listener of [...listeners]) listener();
    },
    listen(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    createHref: (path) => path,
  };
}
