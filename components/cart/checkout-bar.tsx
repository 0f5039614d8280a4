import { useEffect, useState } from 'react';
import { Link } from '@/lib/router/react';
import { useMoney } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/i18n';
import { cartSummary } from '@/lib/rules/cart-summary';
import styles from './cart-screen.module.scss';

/** Below 992 px the order summary sits under the lines (cart-screen.module.scss, `.layout`). */
const summaryBelowLines = '(max-width: 991.98px)';

/**
 * On a phone or tablet, where the summary comes after every line: the total and 'Proceed to Checkout' held at the
 * bottom of the screen while the summary's own checkout link is out of view, so a long cart does not hide the way
 * to pay two screens down.
 */
export function CheckoutBar({ totalCartPrice }: { totalCartPrice: number }) {
  const t = useT();
  const money = useMoney();
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const link = document.getElementById('summary-title')?.closest('aside')?.querySelector('a');
    if (!link || typeof IntersectionObserver === 'undefined' || typeof window.matchMedia !== 'function')
      return;
    const narrow = window.matchMedia(summaryBelowLines);
    let linkInView = true;
    const update = () => setShown(narrow.matches && !linkInView);
    const observer = new IntersectionObserver((entries) => {
      linkInView = entries.some((e) => e.isIntersecting);
      update();
    });
    observer.observe(link);
    narrow.addEventListener('change', update);
    return () => {
      observer.disconnect();
      narrow.removeEventListener('change', update);
    };
  }, []);

  if (!shown) return null;
  return (
    <div className={styles.checkoutBar} role="region" aria-label={t('cart.checkout')}>
      <p className={styles.barTotal}>
        <span>{t('cart.total')}</span> <strong>{money(cartSummary(totalCartPrice).total)}</strong>
      </p>
      <Link to="/order" className={styles.primary}>
        {t('cart.checkout')}
      </Link>
    </div>
  );
}
