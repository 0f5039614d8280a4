import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, NavLink, useShownLocation } from '@/lib/router/react';
import { endSessionOnServer } from '@/lib/api/auth';
import { useCart } from '@/lib/session/cart-store';
import { getToken, logout, subscribeSession } from '@/lib/session/session-store';
import { asset } from '@/components/ui/asset';
import { CartIcon, CloseIcon, MenuIcon } from '@/components/ui/icons';
import { useT } from '@/lib/i18n/i18n';
import { LanguageSwitch } from './language-switch';
import { ThemeToggle } from './theme-toggle';
import styles from './navbar.module.scss';

const loggedInLinks = [
  { to: '/home', label: 'nav.home' },
  { to: '/products', label: 'nav.products' },
  { to: '/categories', label: 'nav.categories' },
  { to: '/brands', label: 'nav.brands' },
] as const;

/** The spec's Logout (token, cart and /login, all local), and our server told to end that token too. */
function logOutEverywhere(): void {
  const token = getToken();
  if (token) endSessionOnServer(token);
  logout();
}

function linkClass({ isActive }: { isActive: boolean }) {
  return isActive ? `${styles.link} ${styles.active}` : styles.link;
}

// undefined: who is signed in is not known (the exported page, and its hydration).
const unknownSession = (): string | null | undefined => undefined;

export function Navbar() {
  const t = useT();
  const token = useSyncExternalStore(subscribeSession, getToken, unknownSession);
  const { numOfCartItems, cartLoaded, cartLoadFailed } = useCart();
  const [open, setOpen] = useState(false);
  const pathname = useShownLocation()?.pathname;
  const menuButton = useRef<HTMLButtonElement>(null);

  // The phone menu closes once a link has taken the shopper somewhere (not when the first screen appears:
  // the prerendered navbar can be opened before it has).
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current !== undefined && shownAt.current !== pathname) setOpen(false);
    shownAt.current = pathname;
  }, [pathname]);

  // Until the cart has been read, its count is not known: a 0 would say the cart is empty.
  const state = cartLoaded ? undefined : cartLoadFailed ? 'failed' : 'loading';
  // The exported page holds both sets of links; the head script's `signed-in` class on <html> (from 'tkn')
  // shows the right one before the first paint. Once the session is known, only that set is rendered.
  const known = token !== undefined;
  return (
    <header
      className={styles.bar}
      // Escape closes the phone menu, and the focus goes back to the menu button.
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        menuButton.current?.focus();
      }}
    >
      <nav className={styles.inner} aria-label={t('nav.main')}>
        <Link to="/" className={styles.brand}>
          <img src={asset('/logo.svg')} width={36} height={36} alt="" />
          <span>{t('shop.name')}</span>
        </Link>
        <button
          ref={menuButton}
          type="button"
          className={styles.menuButton}
          aria-expanded={open}
          aria-controls="main-menu"
          aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
        </button>
        <div id="main-menu" className={`${styles.menu} ${open ? styles.open : ''}`}>
          {!known || token ? (
            <div key="shopper" className={known ? styles.session : `${styles.session} ${styles.forShopper}`}>
              <ul className={styles.links}>
                {loggedInLinks.map((l) => (
                  <li key={l.to}>
                    <NavLink to={l.to} className={linkClass}>
                      {t(l.label)}
                    </NavLink>
                  </li>
                ))}
                <li>
                  <NavLink to="/cart" className={linkClass}>
                    <CartIcon />
                    {t('nav.cart')}
                    <span
                      className={styles.badge}
                      aria-label={
                        state
                          ? t(state === 'failed' ? 'nav.cartNotLoaded' : 'nav.cartLoading')
                          : t('nav.cartItems', { count: numOfCartItems })
                      }
                      data-state={state}
                    >
                      {state ? (state === 'failed' ? '!' : '…') : t('nav.badge', { count: numOfCartItems })}
                    </span>
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/allorders" className={linkClass}>
                    {t('nav.orders')}
                  </NavLink>
                </li>
              </ul>
              <div className={styles.actions}>
                <LanguageSwitch />
                <ThemeToggle />
                <button type="button" className={styles.logout} onClick={logOutEverywhere}>
                  {t('nav.logout')}
                </button>
              </div>
            </div>
          ) : null}
          {!known || !token ? (
            <div key="guest" className={known ? styles.session : `${styles.session} ${styles.forGuest}`}>
              <ul className={styles.links}>
                <li>
                  <NavLink to="/login" className={linkClass}>
                    {t('nav.login')}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/register" className={linkClass}>
                    {t('nav.register')}
                  </NavLink>
                </li>
              </ul>
              <div className={styles.actions}>
                <LanguageSwitch />
                <ThemeToggle />
              </div>
            </div>
          ) : null}
        </div>
      </nav>
    </header>
  );
}
