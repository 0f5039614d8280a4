import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from '@/lib/router/react';
import { notify } from '@/components/ui/notify';
import { useAddresses } from '@/lib/api/addresses';
import { checkoutReturnBase, useCheckoutSession } from '@/lib/api/checkout';
import { usePlaceCashOrder } from '@/lib/session/place-cash-order';
import { ApiError } from '@/lib/api/client';
import { t as translate } from '@/lib/i18n/i18n';
import type { CartContextValue } from '@/lib/session/cart-store';
import { rememberCardCheckout } from '@/lib/session/checkout-return';
import { forgetDraft, readDraft, writeDraft } from '@/lib/session/saved-form';
import { useSession } from '@/lib/session/session-store';
import { errorMessage } from '@/components/ui/error-message';
import { leaveFor } from './leave-for';
import {
  addressFields,
  emptyDraft,
  ORDER_FORM_KEY,
  sameAddress,
  typedAddress,
  type Draft,
} from './order-draft';

export type Method = 'cash' | 'card';

/** A refusal that means the cart on screen is no longer the server's (ordered or emptied elsewhere). */
function isStaleCart(err: unknown): boolean {
  return (
    err instanceof ApiError &&
    (err.status === 404 || (err.status === 400 && err.message === 'Your cart is empty'))
  );
}

/**
 * The order form's state: its draft (kept in the tab), the saved address it matches, and the submit that saves
 * a new address when asked, then places a cash order or leaves for a card checkout.
 */
export function useOrderForm(cart: CartContextValue) {
  const { token } = useSession();
  const navigate = useNavigate();
  const book = useAddresses(token);
  const [pending, setPending] = useState<Method | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(() => readDraft(ORDER_FORM_KEY, emptyDraft));
  // Which submit button sent the form; set by its click, which runs before the submit event.
  const chosen = useRef<Method>('cash');
  const inFlight = useRef(false);
  const placeCashOrder = usePlaceCashOrder();
  const checkoutSession = useCheckoutSession();

  // Kept as typed: Back, a refresh or a look at the cart does not empty the form.
  useEffect(() => writeDraft(ORDER_FORM_KEY, draft), [draft]);

  const edit = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const typed = typedAddress(draft);
  const chosenSaved = book.addresses.find((a) => sameAddress(typed, a)) ?? null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current || !token || !cart.cartId) return;
    const form = event.currentTarget;
    // A field of spaces only passes the browser's required check: empty it and let the browser say what
    // it says for an empty required field, on that field.
    const blank = addressFields.filter((f) => draft[f].trim() === '');
    if (blank.length > 0) {
      flushSync(() => edit(Object.fromEntries(blank.map((f) => [f, ''])) as Partial<Draft>));
      const first = form.elements.namedItem(blank[0]!) as HTMLInputElement | null;
      first?.reportValidity();
      first?.focus();
      return;
    }
    const shippingAddress = typed;
    const method = chosen.current;
    inFlight.current = true;
    setPending(method);
    setProblem(null);
    try {
      if (draft.save && !chosenSaved) {
        // Saved first: a refusal (the address book wants an Egyptian mobile number) is shown and nothing
        // is ordered, so the shopper decides whether to fix it or untick the box.
        await book.save({ name: draft.addressName.trim() || 'Home', ...shippingAddress });
        edit({ save: false });
      }
      if (method === 'cash') {
        const placed = await placeCashOrder.trigger({ cartId: cart.cartId, shippingAddress, token });
        forgetDraft(ORDER_FORM_KEY);
        notify('success', translate('order.success'));
        navigate(`/allorders?placed=${encodeURIComponent(placed.data._id)}`);
      } else {
        const { session } = await checkoutSession.trigger({
          cartId: cart.cartId,
          shippingAddress,
          token,
          returnBase: checkoutReturnBase(window.location),
        });
        rememberCardCheckout();
        // The buttons stay locked while the browser leaves for the payment page.
        leaveFor(session.url);
      }
    } catch (err) {
      console.error(err);
      if (isStaleCart(err)) {
        await cart.reloadCart();
        setProblem(translate('order.staleCart'));
      } else {
        setProblem(errorMessage(err));
      }
      inFlight.current = false;
      setPending(null);
    }
  }

  return {
    draft,
    edit,
    addresses: book.addresses,
    chosenSaved,
    signedIn: Boolean(token),
    pending,
    problem,
    choose: (method: Method) => (chosen.current = method),
    submit,
  };
}

export type OrderForm = ReturnType<typeof useOrderForm>;
