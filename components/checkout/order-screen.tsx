'use client';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@/lib/router/react';
import { notify } from '@/components/ui/notify';
import { checkoutReturnBase, useCheckoutSession, usePlaceCashOrder } from '@/lib/api/checkout';
import type { ShippingAddress } from '@/lib/contract/orders';
import { cartSummary } from '@/lib/rules/cart-summary';
import { useCart } from '@/lib/session/cart-store';
import { useSession } from '@/lib/session/session-store';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/components/ui/error-message';
import { dollars } from '@/components/ui/dollars';
import { leaveFor } from './leave-for';
import styles from './order-screen.module.scss';

type Pending = 'cash' | 'card' | null;

/** Create order: the shipping address, then a cash order or a card checkout session. */
export function OrderScreen() {
  const cart = useCart();
  const { token } = useSession();
  const navigate = useNavigate();
  const [pending, setPending] = useState<Pending>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Which submit button sent the form; set by its click, which runs before the submit event.
  const chosen = useRef<'cash' | 'card'>('cash');
  const inFlight = useRef(false);
  const placeCashOrder = usePlaceCashOrder();
  const checkoutSession = useCheckoutSession();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current || !token || !cart.cartId) return;
    const form = new FormData(event.currentTarget);
    const shippingAddress: ShippingAddress = {
      details: String(form.get('details') ?? '').trim(),
      city: String(form.get('city') ?? '').trim(),
      phone: String(form.get('phone') ?? '').trim(),
    };
    const method = chosen.current;
    inFlight.current = true;
    setPending(method);
    setProblem(null);
    try {
      if (method === 'cash') {
        await placeCashOrder.trigger({ cartId: cart.cartId, shippingAddress, token });
        notify('success', 'Success to created order');
        navigate('/allorders');
      } else {
        const { session } = await checkoutSession.trigger({
          cartId: cart.cartId,
          shippingAddress,
          token,
          returnBase: checkoutReturnBase(window.location),
        });
        // The buttons stay disabled while the browser leaves for the payment page.
        leaveFor(session.url);
      }
    } catch (err) {
      console.error(err);
      setProblem(errorMessage(err));
      inFlight.current = false;
      setPending(null);
    }
  }

  const loadingCart = cart.isLoadingCartOperation && cart.cartId === null;
  const empty = !loadingCart && (cart.cartId === null || cart.products.length === 0);
  const { total } = cartSummary(cart.totalCartPrice);

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="order-title">
        <h1 id="order-title" className={styles.title}>
          Shipping Address
        </h1>
        {loadingCart ? (
          <div className={styles.center}>
            <Spinner />
          </div>
        ) : empty ? (
          <div className={styles.empty}>
            <p>No Product In Your Cart</p>
            <Link to="/products" className={styles.secondary}>
              Continue Shopping
            </Link>
          </div>
        ) : (
          <>
            <p className={styles.summary}>
              {cart.numOfCartItems} {cart.numOfCartItems === 1 ? 'item' : 'items'}, total {dollars(total)}
            </p>
            <form className={styles.form} onSubmit={submit}>
              <div className={styles.field}>
                <label htmlFor="order-details">Your details</label>
                <input id="order-details" name="details" required autoComplete="street-address" />
              </div>
              <div className={styles.field}>
                <label htmlFor="order-city">Your City</label>
                <input id="order-city" name="city" required autoComplete="address-level2" />
              </div>
              <div className={styles.field}>
                <label htmlFor="order-phone">Your Phone</label>
                <input id="order-phone" name="phone" type="tel" required autoComplete="tel" />
              </div>
              {problem ? (
                <p className={styles.error} role="alert">
                  {problem}
                </p>
              ) : null}
              <div className={styles.actions}>
                <button
                  type="submit"
                  className={styles.primary}
                  disabled={pending !== null}
                  aria-busy={pending === 'cash'}
                  onClick={() => (chosen.current = 'cash')}
                >
                  Create order
                </button>
                <button
                  type="submit"
                  className={styles.secondaryButton}
                  disabled={pending !== null}
                  aria-busy={pending === 'card'}
                  onClick={() => (chosen.current = 'card')}
                >
                  Checkout
                </button>
              </div>
            </form>
          </>
        )}
      </section>
    </div>
  );
}
