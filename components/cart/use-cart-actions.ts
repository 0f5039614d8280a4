import { useRef, useState } from 'react';
import { useWishlist } from '@/lib/api/wishlist';
import type { CartLine } from '@/lib/contract/cart';
import { useT } from '@/lib/i18n/i18n';
import type { CartContextValue } from '@/lib/session/cart-store';
import { announce } from '@/lib/session/announcer';
import { cartFailureReason } from '@/lib/session/cart-failure';
import { getToken, useSession } from '@/lib/session/session-store';
import { cartToasts } from './cart-toasts';

/**
 * The cart screen's changes: a line's count, its removal, the whole cart cleared, a line's favourite. One at
 * a time; each says what it did (a toast and the screen reader), and a refused one says why beside its line.
 */
export function useCartActions(cart: CartContextValue) {
  const t = useT();
  const { token } = useSession();
  const wishlist = useWishlist(token);
  const [favoritePending, setFavoritePending] = useState<string | null>(null);
  // The server's reason for a refused change, shown beside the line it concerns ("Only 3 of … in stock").
  const [reasons, setReasons] = useState<Record<string, string>>({});
  // Guards a second click or key press that lands before React has re-rendered the locked buttons.
  const busy = useRef(false);

  async function run(action: () => Promise<boolean>, onSuccess: () => void, productId?: string) {
    if (busy.current || cart.isLoadingCartOperation) return;
    busy.current = true;
    try {
      if (await action()) {
        if (productId) setReasons(({ [productId]: _gone, ...rest }) => rest);
        onSuccess();
        return;
      }
      // The session ended (the login screen explains): no 'error occured' on top of it.
      if (!getToken()) return;
      cartToasts.failed();
      const reason = cartFailureReason();
      if (productId && reason) {
        setReasons((all) => ({ ...all, [productId]: reason }));
        announce(reason);
      }
    } finally {
      busy.current = false;
    }
  }

  const changeCount = (line: CartLine, count: number) =>
    run(
      () => cart.updateCount(line.product._id, count),
      () => {
        cartToasts.countUpdated();
        announce(t('cart.quantityAnnounce', { title: line.product.title, count }));
      },
      line.product._id,
    );

  const remove = (line: CartLine) =>
    run(
      () => cart.removeItem(line.product._id),
      () => {
        cartToasts.itemRemoved();
        announce(t('cart.removedAnnounce', { title: line.product.title }));
      },
      line.product._id,
    );

  const clear = () =>
    run(cart.clearCart, () => {
      setReasons({});
      cartToasts.cartCleared();
      announce(t('cart.emptyAnnounce'));
    });

  async function toggleFavorite(line: CartLine) {
    if (favoritePending) return;
    setFavoritePending(line.product._id);
    try {
      const on = await wishlist.toggle(line.product._id);
      announce(t(on ? 'cart.favAdded' : 'cart.favRemoved', { title: line.product.title }));
    } catch (err) {
      console.error(err);
      if (getToken()) cartToasts.failed();
    } finally {
      setFavoritePending(null);
    }
  }

  return {
    reasons,
    isFavorite: (line: CartLine) => wishlist.ids.includes(line.product._id),
    favoriteLocked: !token || wishlist.isLoading || favoritePending !== null,
    favorite: (line: CartLine) => {
      if (token && !wishlist.isLoading) void toggleFavorite(line);
    },
    changeCount,
    remove,
    clear,
  };
}

export type CartActions = ReturnType<typeof useCartActions>;
