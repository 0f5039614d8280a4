// The React side of the router: the provider, <Outlet>, links, <Navigate> and the hooks the screens use.
import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useState,
  type AnchorHTMLAttributes,
  type ComponentType,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import type { Location } from './history';
import type { Match, Params, ScreenLoader } from './match';
import type { NavigateOptions, Router, RouterState } from './router';

interface RouteContextValue {
  match: Match;
  /** Which node of match.branch this part of the tree renders. */
  depth: number;
}

const RouterContext = createContext<Router | null>(null);
const StateContext = createContext<RouterState | null>(null);
const RouteContext = createContext<RouteContextValue | null>(null);

/** A router hook's context, or the developer's mistake said plainly (short: these bytes load with every page). */
function need<T>(value: T | null): T {
  if (!value) throw new Error('No <RouterProvider> above');
  return value;
}

function useRouter(): Router {
  return need(useContext(RouterContext));
}

function useRouterState(): RouterState {
  return need(useContext(StateContext));
}

export interface LoadErrorProps {
  error: unknown;
  retry: () => void;
}

interface RouterProviderProps {
  /**
   * null before the router exists: the static prerender and the hydration of it, which must render what the
   * prerender drew (links still have their href; the outlet shows `fallback`).
   */
  router: Router | null;
  /** Shown where the routed screen goes until the first screen's code has arrived. */
  fallback?: ReactNode;
  /** Shown in place of a screen whose code could not be fetched. */
  loadError?: ComponentType<LoadErrorProps>;
  /**
   * The frame around the routes (navbar, footer): rendered at once and kept while screens change; its
   * <Outlet /> shows the routed screen. Without children, the routed screen alone.
   */
  children?: ReactNode;
}

// Nothing is routed on the server (the hash is only known in the browser). One object: React compares snapshots.
const nothingRouted: RouterState = { location: null, match: null, action: 'POP', pending: null, error: null };

/**
 * The router's state as React renders it. Every change (a screen's code has arrived, a navigation, a guard's
 * redirect) is rendered as a transition: React builds the next screen in slices that yield to the browser
 * (no long task while a screen mounts), and keeps the current one up meanwhile, as the router itself does
 * while a screen's code downloads. The router has already decided the location and the guards; only the
 * drawing of it is scheduled.
 */
function useSubscribedState(router: Router | null): RouterState {
  const [state, setState] = useState<RouterState>(() => router?.getState() ?? nothingRouted);
  useLayoutEffect(() => {
    if (!router) return;
    const update = () => startTransition(() => setState(router.getState()));
    // The router may have moved on between this render and the subscription.
    if (router.getState() !== state) update();
    return router.subscribe(update);
    // Subscribed once per router; `state` is only compared at subscription time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [router]);
  return router ? state : nothingRouted;
}

export function RouterProvider({
  router,
  fallback = null,
  loadError,
  children,
}: RouterProviderProps): ReactElement {
  const state = useSubscribedState(router);
  useScrollRestoration(router, state);
  return (
    <RouterContext.Provider value={router}>
      <StateContext.Provider value={state}>
        <LoadErrorContext.Provider value={loadError ?? null}>
          <FallbackContext.Provider value={fallback}>{children ?? <Outlet />}</FallbackContext.Provider>
        </LoadErrorContext.Provider>
      </StateContext.Provider>
    </RouterContext.Provider>
  );
}

const FallbackContext = createContext<ReactNode>(null);

/**
 * Where a layout shows the route below it. At the top of the tree (the frame's outlet), the routed screen,
 * or the fallback until the first screen's code has arrived.
 */
export function Outlet(): ReactNode {
  const route = useContext(RouteContext);
  const state = useContext(StateContext);
  const fallback = useContext(FallbackContext);
  if (route) return renderAt(route.match, route.depth + 1);
  return state?.location && state.match ? renderAt(state.match, 0) : fallback;
}

function renderAt(match: Match, depth: number): ReactElement | null {
  const node = match.branch[depth];
  if (!node) return null;
  const Layout = node.layout;
  return (
    <RouteContext.Provider value={{ match, depth }}>
      {Layout ? <Layout /> : node.load ? <ScreenSlot load={node.load} /> : <Outlet />}
    </RouteContext.Provider>
  );
}

const LoadErrorContext = createContext<ComponentType<LoadErrorProps> | null>(null);

function ScreenSlot({ load }: { load: ScreenLoader }): ReactElement | null {
  const router = useRouter();
  const { error } = useRouterState();
  const LoadError = useContext(LoadErrorContext);
  const Screen = router.screenOf(load);
  if (Screen) return <Screen />;
  return error && LoadError ? <LoadError error={error} retry={router.retry} /> : null;
}

// On a new navigation the page starts at the top; back/forward returns to where the shopper was.
function useScrollRestoration(router: Router | null, state: RouterState) {
  useEffect(() => {
    if (!('scrollRestoration' in window.history)) return;
    const before = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = before;
    };
  }, []);
  const key = state.location?.key;
  useLayoutEffect(() => {
    if (!router || !key || state.keepScroll) return;
    const top = (state.action === 'POP' ? router.scrollPositionOf(key) : undefined) ?? 0;
    if (window.scrollX !== 0 || window.scrollY !== top) window.scrollTo(0, top);
    // Only a new committed entry moves the page; a pending navigation or a re-render does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}

/** The location on screen: pathname, search, state (what the previous screen handed over) and key. */
export function useLocation(): Location {
  const location = useShownLocation();
  if (!location) throw new Error('useLocation() before a route is shown');
  return location;
}

/** The location on screen, or null before the first screen is shown (for the frame around the routes). */
export function useShownLocation(): Location | null {
  return useRouterState().location;
}

/** The key of the history entry on screen; null without a router or before the first screen (no error). */
export function useShownKey(): string | null {
  return useContext(StateContext)?.location?.key ?? null;
}

export function useParams(): Params {
  return useContext(RouteContext)?.match.params ?? {};
}

/**
 * 'loading' while the next screen's code downloads (the current screen stays up meanwhile). The first
 * screen's code is not a navigation: until it has arrived the outlet shows the provider's fallback.
 */
export function useNavigation(): { state: 'idle' | 'loading' } {
  const { pending, location } = useRouterState();
  return { state: pending && location ? 'loading' : 'idle' };
}

export function useNavigate(): (to: string | number, options?: NavigateOptions) => void {
  return useRouter().navigate;
}

/**
 * Goes to `to` once rendered, replacing the current entry. Only if the location it was rendered for is still
 * the newest one: a navigation that happened in between wins.
 */
export function Navigate({ to, state }: { to: string; state?: unknown }): null {
  const router = useRouter();
  const renderedFor = useRouterState().location?.key;
  useLayoutEffect(() => {
    const { location, pending } = router.getState();
    if (pending || location?.key !== renderedFor) return;
    router.navigate(to, { replace: true, state });
  }, [router, renderedFor, to, state]);
  return null;
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'>;

export interface LinkProps extends AnchorProps {
  to: string;
  replace?: boolean;
  state?: unknown;
  className?: string;
}

function useLinkClick(to: string, props: Pick<LinkProps, 'replace' | 'state' | 'onClick' | 'target'>) {
  const router = useContext(RouterContext);
  return (event: MouseEvent<HTMLAnchorElement>) => {
    props.onClick?.(event);
    if (
      !router || // not routing yet: the browser follows the hash, which the router reads when it starts
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey ||
      (props.target && props.target !== '_self')
    ) {
      return; // a new tab or window: let the browser follow the href
    }
    event.preventDefault();
    const here = router.getState().location;
    // A link to where the shopper already is does not stack a second identical entry.
    const same =
      here !== null && router.createHref(to) === router.createHref(`${here.pathname}${here.search}`);
    router.navigate(to, { replace: props.replace ?? same, state: props.state });
  };
}

export function Link({ to, replace, state, onClick, ...rest }: LinkProps): ReactElement {
  const router = useContext(RouterContext);
  const handleClick = useLinkClick(to, { replace, state, onClick, target: rest.target });
  // Before the router exists (the prerendered frame) a link is a plain hash link to its absolute path.
  const href = router ? router.createHref(to) : `#${to}`;
  return <a {...rest} href={href} onClick={handleClick} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  className?: string | ((status: { isActive: boolean }) => string | undefined);
}

/** A Link that knows whether it points at the current route: aria-current="page" and the active class. */
export function NavLink({ className, ...props }: NavLinkProps): ReactElement {
  const location = useShownLocation();
  const target = props.to.split('?')[0]!.toLowerCase();
  const current = location?.pathname.toLowerCase();
  const isActive =
    current !== undefined &&
    (current === target || (target !== '/' && current.startsWith(`${target.replace(/\/$/, '')}/`)));
  return (
    <Link
      {...props}
      className={typeof className === 'function' ? className({ isActive }) : className}
      aria-current={isActive ? 'page' : undefined}
    />
  );
}
