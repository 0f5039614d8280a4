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

  // Until the cart has been read, its count is not known: a 0 would say the cart is empty.
  const state = cartLoaded ? undefined : cartLoadFailed ? 'failed' : 'loading';

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
                    <span
                      className={styles.badge}
                      aria-label={
                        state
                          ? `cart ${state === 'failed' ? 'not loaded' : state}`
                          : `${numOfCartItems} items`
                      }
                      data-state={state}
                    >
                      {state ? (state === 'failed' ? '!' : '…') : numOfCartItems}
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
