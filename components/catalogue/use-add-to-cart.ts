import { useCallback } from 'react';
import { useNavigate } from '@/lib/router/react';
import { announce } from '@/lib/session/announcer';
import { cartFailureReason } from '@/lib/session/cart-failure';
import { useCart } from '@/lib/session/cart-store';
import { getToken, useSession } from '@/lib/session/session-store';
import { t } from '@/lib/i18n/i18n';
import { notify } from '@/components/ui/notify';
import '@/lib/i18n/compiled/en-toast';

// Spec sections 8 and 9: the success toast waits 3000 ms and stays 2000 ms; the error toast stays 2 s;
// both top-right. The success toast fires only when the add really succeeded.
export const addedToast = { text: 'it is Added to cart', delay: 3000, autoClose: 2000 } as const;
export const errorToast = { text: 'error occured', autoClose: 2000 } as const;

// One add at a time, whichever card or screen it comes from: a key held down or pressed four times fast
// adds once, as a click on the overlay-covered page would.
let adding = false;

/**
 * Add to cart from any catalogue screen. A guest is sent to /login on every screen (the spec asks it on
 * Home and leaves the product list unchecked; a shop that lets a guest press a button that must fail is
 * worse, so the same rule applies everywhere).
 */
export function useAddToCart() {
  const { token } = useSession();
  const { addToCart, isShopperCartOperation } = useCart();
  const navigate = useNavigate();

  /** Resolves true when added; false with the server's reason (when it gave one) otherwise. */
  const add = useCallback(
    async (productId: string, count = 1): Promise<{ ok: boolean; reason: string | null }> => {
      if (!token) {
        navigate('/login');
        return { ok: false, reason: null };
      }
      if (adding) return { ok: false, reason: null };
      adding = true;
      try {
        const ok = await addToCart(productId, count);
        if (ok) {
          // No early announcement: the toast's own live region speaks when it appears, 3 s from now, so
          // nobody (screen reader or not) gets the message before the time the spec gives.
          notify('success', t('toast.added'), {
            position: 'top-right',
            delay: addedToast.delay,
            autoClose: addedToast.autoClose,
          });
          return { ok, reason: null };
        }
        // The session ended: the login screen says so, an 'error occured' on top would only confuse.
        if (!getToken()) return { ok, reason: null };
        const reason = cartFailureReason();
        announce(reason ? t('toast.errorWith', { reason }) : t('toast.error'));
        notify('error', t('toast.error'), { position: 'top-right', autoClose: errorToast.autoClose });
        // The server's own reason ("Only 3 of … in stock"), so the shopper knows why.
        if (reason) notify('error', reason, { position: 'top-right', autoClose: 4000 });
        return { ok, reason };
      } finally {
        adding = false;
      }
    },
    [token, addToCart, navigate],
  );

  // The overlay covers the page only for a cart call the shopper started, never for the first cart read.
  return { add, busy: isShopperCartOperation };
}
