import { createCashOrder, type OrderRequest } from '@/lib/api/checkout';
import { useMutation } from '@/lib/api/use-mutation';
import { cartActions } from './cart-store';
import { refreshOrders } from './orders';

/** A cash order consumes the cart and adds to the order history: both are refreshed before it resolves. */
export const usePlaceCashOrder = () =>
  useMutation(
    ({ cartId, shippingAddress, token }: OrderRequest) => createCashOrder(cartId, shippingAddress, token),
    async () => {
      await refreshOrders();
      cartActions.resetCart();
    },
  );
