import type { ComponentType } from 'react';
import type { Action, Location, RouterHistory } from './history';
import { parsePath } from './history';
import { createMatcher, type Match, type RouteNode, type ScreenLoader } from './match';

export interface RouterState {
  /** What is on screen; null until the first route's code has arrived. */
  location: Location | null;
  match: Match | null;
  /** How `location` was reached: POP restores the scroll position, PUSH and REPLACE go to the top. */
  action: Action;
  /** A navigation whose screen code is still downloading (the old screen stays up meanwhile). */
  pending: Location | null;
  /** The screen code of `location` could not be fetched (offline, a new deployment). */
  error: unknown;
  /** The navigation asked to leave the page where it is (a list's query written to the URL as it grows). */
  keepScroll?: boolean;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Do not move the page (the default goes to the top): for a URL that records what is on screen. */
  keepScroll?: boolean;
}

export interface Router {
  getState(): RouterState;
  subscribe(listener: () => void): () => void;
  /** An absolute path ('/cart'), a path relative to the current one, or a step through history (-1). */
  navigate(to: string | number, options?: NavigateOptions): void;
  /** The guards' inputs changed (the token): decide again for the newest location, redirecting if needed. */
  revalidate(): void;
  /** Fetch the current screen's code again after it failed. */
  retry(): void;
  /** A loaded screen component, or undefined while its code is still on the way. */
  screenOf(loader: ScreenLoader): ComponentType | undefined;
  /** The scroll position the shopper left an entry at, to restore on back/forward. */
  scrollPositionOf(key: string): number | undefined;
  createHref(to: string): string;
  dispose(): void;
}

// A guard that redirects to a route whose guard redirects back would loop forever: stop and show the last.
const MAX_REDIRECTS = 10;

/** Screen code already fetched, shared by every router (a test renders many; the browser one). */
const screens = new Map<ScreenLoader, ComponentType>();
const inflight = new Map<ScreenLoader, Promise<ComponentType>>();

function loadScreen(loader: ScreenLoader): Promise<ComponentType> {
  let promise = inflight.get(loader);
  if (!promise) {
    promise = loader().then(
      (component) => {
        screens.set(loader, component);
        return component;
      },
      (err: unknown) => {
        inflight.delete(loader); // the next visit tries again
        throw err;
      },
    );
    inflight.set(loader, promise);
  }
  return promise;
}

/** Starts fetching a screen's code ahead of its route being shown (a failure is left for the visit to retry). */
export function preloadScreen(loader: ScreenLoader): void {
  if (!screens.has(loader)) loadScreen(loader).catch(() => {});
}

/** Resolves `to` against the current pathname the way a browser resolves a relative URL. */
function resolve(to: string, from: string): string {
  if (to.startsWith('/')) return to;
  const url = new URL(to, `http://router${from.endsWith('/') ? from : `${from}/`}`);
  return `${url.pathname}${url.search}`;
}

export function createRouter(routes: RouteNode[], history: RouterHistory): Router {
  const match = createMatcher(routes);
  const listeners = new Set<() => void>();
  const scrollPositions = new Map<string, number>();
  let state: RouterState = { location: null, match: null, action: 'POP', pending: null, error: null };
  // Every navigation gets a number; a screen that finishes loading for an older one is not shown.
  let generation = 0;

  function set(next: Partial<RouterState>) {
    state = { ...state, ...next };
    for (const listener of [...listeners]) listener();
  }

  /** The first redirect a guard on the route of `path` asks for, or null. */
  function redirectFor(path: string): string | null {
    for (const node of match(parsePath(path).pathname)?.branch ?? []) {
      const target = node.redirect?.(path);
      if (target != null) return target;
    }
    return null;
  }

  /** Follows guards from `path` to where the shopper may actually go, before anything is written. */
  function settle(path: string): string {
    let current = path;
    for (let i = 0; i < MAX_REDIRECTS; i++) {
      const target = redirectFor(current);
      if (target === null || target === current) return current;
      current = target;
    }
    return current;
  }

  function show(action: Action, keepScroll = false) {
    const location = history.location;
    const found = match(location.pathname);
    const loaders = (found?.branch ?? []).flatMap((n) => (n.load && !screens.has(n.load) ? [n.load] : []));
    const id = ++generation;
    const commit = (error: unknown) => {
      if (state.location && typeof window !== 'undefined')
        scrollPositions.set(state.location.key, window.scrollY);
      set({ location, match: found, action, pending: null, error, keepScroll });
    };
    if (loaders.length === 0) {
      commit(null);
      return;
    }
    set({ pending: location });
    Promise.all(loaders.map(loadScreen)).then(
      () => id === generation && commit(null),
      (err: unknown) => id === generation && commit(err),
    );
  }

  const unlisten = history.listen(() => {
    // Back/forward or a typed hash: the URL is already there; a guard may still send the shopper on.
    const location = history.location;
    const path = `${location.pathname}${location.search}`;
    const target = settle(path);
    if (target !== path) history.replace(target);
    show(target !== path ? 'REPLACE' : 'POP');
  });

  const router: Router = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    navigate(to, options = {}) {
      if (typeof to === 'number') {
        history.go(to);
        return;
      }
      const path = resolve(to, history.location.pathname);
      const target = settle(path);
      // A redirect hands the state to nobody: it was meant for the screen that is not shown.
      const nextState = target === path ? options.state : undefined;
      if (options.replace) history.replace(target, nextState);
      else history.push(target, nextState);
      show(options.replace ? 'REPLACE' : 'PUSH', options.keepScroll === true);
    },
    revalidate() {
      // Decided for the newest location (a pending one included), so it can never undo a later navigation.
      const location = history.location;
      const path = `${location.pathname}${location.search}`;
      const target = settle(path);
      if (target === path) return;
      history.replace(target);
      show('REPLACE');
    },
    retry() {
      if (state.error) show(state.action);
    },
    screenOf: (loader) => screens.get(loader),
    scrollPositionOf: (key) => scrollPositions.get(key),
    createHref: (to) => history.createHref(resolve(to, history.location.pathname)),
    dispose() {
      unlisten();
      listeners.clear();
      generation += 1;
    },
  };

  // The first location: the URL the page was opened at, after its guard has spoken.
  const initial = `${history.location.pathname}${history.location.search}`;
  const start = settle(initial);
  if (start !== initial) history.replace(start);
  show(start !== initial ? 'REPLACE' : 'POP');
  return router;
}
