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

function MenuLink({ to, label }: { to: string; label: Parameters<ReturnType<typeof useT>>[0] }) {
  const t = useT();
  return (
    <li>
      <NavLink to={to} className={linkClass}>
        {t(label)}
      </NavLink>
    </li>
  );
}

/**
 * 'Cart' with the count badge: the items (lines), as the cart's 'Cart Items' counts them. Until the cart has been
 * read its count is not known: a 0 would say it is empty.
 */
function CartLink() {
  const t = useT();
  const { numOfCartItems, cartLoaded, cartLoadFailed } = useCart();
  const state = cartLoaded ? undefined : cartLoadFailed ? 'failed' : 'loading';
  return (
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
  );
}

/** A signed-in shopper's links and actions. */
function ShopperMenu({ className }: { className?: string }) {
  const t = useT();
  return (
    <div className={className}>
      <ul className={styles.links}>
        {loggedInLinks.map((l) => (
          <MenuLink key={l.to} {...l} />
        ))}
        <CartLink />
        <MenuLink to="/allorders" label="nav.orders" />
      </ul>
      <div className={styles.actions}>
        <LanguageSwitch />
        <ThemeToggle />
        <button type="button" className={styles.logout} onClick={logOutEverywhere}>
          {t('nav.logout')}
        </button>
      </div>
    </div>
  );
}

/** A guest's links and actions. */
function GuestMenu({ className }: { className?: string }) {
  return (
    <div className={className}>
      <ul className={styles.links}>
        <MenuLink to="/login" label="nav.login" />
        <MenuLink to="/register" label="nav.register" />
      </ul>
      <div className={styles.actions}>
        <LanguageSwitch />
        <ThemeToggle />
      </div>
    </div>
  );
}

export function Navbar() {
  const t = useT();
  const token = useSyncExternalStore(subscribeSession, getToken, unknownSession);
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
            <ShopperMenu
              key="shopper"
              className={known ? styles.session : `${styles.session} ${styles.forShopper}`}
            />
          ) : null}
          {!known || !token ? (
            <GuestMenu
              key="guest"
              className={known ? styles.session : `${styles.session} ${styles.forGuest}`}
            />
          ) : null}
        </div>
      </nav>
      {/* The page behind the open phone menu, dimmed: a tap there closes the menu (and reaches nothing under it). */}
      {open ? <div className={styles.backdrop} aria-hidden="true" onClick={() => setOpen(false)} /> : null}
    </header>
  );
}
