import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from '@/lib/router/react';
import { useCart } from '@/lib/session/cart-store';
import { logout, useSession } from '@/lib/session/session-store';
import { asset } from '@/components/ui/asset';
import { CartIcon, CloseIcon, MenuIcon } from '@/components/ui/icons';
import { ThemeToggle } from './theme-toggle';
import styles from './navbar.module.scss';

const loggedInLinks = [
  { to: '/home', label: 'Home' },
  { to: '/products', label: 'Products' },
  { to: '/categories', label: 'Categories' },
  { to: '/brands', label: 'Brands' },
] as const;

function linkClass({ isActive }: { isActive: boolean }) {
  return isActive ? `${styles.link} ${styles.active}` : styles.link;
}

export function Navbar() {
  const { token } = useSession();
  const { numOfCartItems, cartLoaded, cartLoadFailed } = useCart();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const menuButton = useRef<HTMLButtonElement>(null);

  // The phone menu closes once a link has taken the shopper somewhere.
  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);

  // Escape closes the phone menu wherever the focus is, and the focus goes back to the menu button.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  // Until the cart has been read, its count is not known: a 0 would say the cart is empty.
  const badge = cartLoaded
    ? { text: String(numOfCartItems), label: `${numOfCartItems} items`, state: 'ready' }
    : cartLoadFailed
      ? { text: '!', label: 'cart not loaded', state: 'failed' }
      : { text: '…', label: 'cart loading', state: 'loading' };

  return (
    <header className={styles.bar}>
      <nav className={styles.inner} aria-label="Main">
        <Link to="/" className={styles.brand}>
          <img src={asset('/logo.svg')} width={36} height={36} alt="" />
          <span>FreshCart</span>
        </Link>
        <button
          ref={menuButton}
          type="button"
          className={styles.menuButton}
          aria-expanded={open}
          aria-controls="main-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
        </button>
        <div id="main-menu" className={`${styles.menu} ${open ? styles.open : ''}`}>
          {token ? (
            <>
              <ul className={styles.links}>
                {loggedInLinks.map((l) => (
                  <li key={l.to}>
                    <NavLink to={l.to} className={linkClass}>
                      {l.label}
                    </NavLink>
                  </li>
                ))}
                <li>
                  <NavLink to="/cart" className={linkClass}>
                    <CartIcon />
                    Cart
                    <span className={styles.badge} aria-label={badge.label} data-state={badge.state}>
                      {badge.text}
                    </span>
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/allorders" className={linkClass}>
                    Orders
                  </NavLink>
                </li>
              </ul>
              <div className={styles.actions}>
                <ThemeToggle />
                <button type="button" className={styles.logout} onClick={logout}>
                  Logout
                </button>
              </div>
            </>
          ) : (
            <>
              <ul className={styles.links}>
                <li>
                  <NavLink to="/login" className={linkClass}>
                    Login
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/register" className={linkClass}>
                    Register
                  </NavLink>
                </li>
              </ul>
              <div className={styles.actions}>
                <ThemeToggle />
              </div>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
