import { useCallback } from 'react';
import { useNavigate } from '@/lib/router/react';
import { announce } from '@/lib/session/announcer';
import { useCart } from '@/lib/session/cart-store';
import { useSession } from '@/lib/session/session-store';
import { notify } from '@/components/ui/notify';

// Spec sections 8 and 9: the success toast waits 3000 ms and stays 2000 ms; the error toast stays 2 s;
// both top-right. The success toast fires only when the add really succeeded.
export const addedToast = { text: 'it is Added to cart', delay: 3000, autoClose: 2000 } as const;
export const errorToast = { text: 'error occured', autoClose: 2000 } as const;

/**
 * Add to cart from any catalogue screen. A guest is sent to /login on every screen (the spec asks it on
 * Home and leaves the product list unchecked; a shop that lets a guest press a button that must fail is
 * worse, so the same rule applies everywhere).
 */
export function useAddToCart() {
  const { token } = useSession();
  const { addToCart, isLoadingCartOperation } = useCart();
  const navigate = useNavigate();

  const add = useCallback(
    async (productId: string) => {
      if (!token) {
        navigate('/login');
        return false;
      }
      const ok = await addToCart(productId);
      if (ok) {
        // No early announcement: the toast's own live region speaks when it appears, 3 s from now, so
        // nobody (screen reader or not) gets the message before the time the spec gives.
        notify('success', addedToast.text, {
          position: 'top-right',
          delay: addedToast.delay,
          autoClose: addedToast.autoClose,
        });
      } else {
        announce('error occured');
        notify('error', errorToast.text, { position: 'top-right', autoClose: errorToast.autoClose });
      }
      return ok;
    },
    [token, addToCart, navigate],
  );

  return { add, busy: isLoadingCartOperation };
}
