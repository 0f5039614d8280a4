import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useNavigate } from '@/lib/router/react';
import { notify } from '@/components/ui/notify';
import { useAddresses } from '@/lib/api/addresses';
import { checkoutReturnBase, useCheckoutSession } from '@/lib/api/checkout';
import { usePlaceCashOrder } from '@/lib/session/place-cash-order';
import { ApiError } from '@/lib/api/client';
import type { Address } from '@/lib/contract/addresses';
import { t as translate } from '@/lib/i18n/i18n';
import type { CartContextValue } from '@/lib/session/cart-store';
import { rememberCardCheckout } from '@/lib/session/checkout-return';
import { forgetDraft, readDraft, writeDraft } from '@/lib/session/saved-form';
import { useSession } from '@/lib/session/session-store';
import { checkoutProblem } from './checkout-problem';
import { leaveFor } from './leave-for';
import {
  addressFields,
  emptyDraft,
  firstChoice,
  ORDER_FORM_KEY,
  sameAddress,
  typedAddress,
  type Draft,
} from './order-draft';

export type Method = 'cash' | 'card';

/**
 * A refusal that means the cart on screen is no longer the server's (ordered or emptied elsewhere). Only the
 * shop's own words for it: any other 404 (a host that does not route the API) is no news about the cart.
 */
function isStaleCart(err: unknown): boolean {
  return (
    err instanceof ApiError &&
    ((err.status === 404 && err.message.startsWith('No cart for this id ')) ||
      (err.status === 400 && err.message === 'Your cart is empty'))
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
  // One form library for every form (react-hook-form). The browser's required check is the form's only rule
  // (spec section 5) and says its own words, so no schema and no resolver is fetched.
  const [kept] = useState(() => readDraft(ORDER_FORM_KEY, emptyDraft));
  const form = useForm<Draft>({ defaultValues: kept, shouldFocusError: false });
  const draft = form.watch();
  // Which submit button sent the form; set by its click, which runs before the submit event.
  const chosen = useRef<Method>('cash');
  const inFlight = useRef(false);
  const formElement = useRef<HTMLFormElement | null>(null);
  const placeCashOrder = usePlaceCashOrder();
  const checkoutSession = useCheckoutSession();

  // Whether the address is the shopper's to decide: what they kept, typed or chose is never replaced.
  const decided = useRef(addressFields.some((f) => kept[f].trim() !== ''));

  // Kept as typed: Back, a refresh or a look at the cart does not empty the form.
  useEffect(() => {
    const keep = form.watch((values, { type }) => {
      if (type === 'change') decided.current = true;
      writeDraft(ORDER_FORM_KEY, { ...emptyDraft, ...values });
    });
    return () => keep.unsubscribe();
  }, [form]);

  const edit = (patch: Partial<Draft>) => {
    for (const [name, value] of Object.entries(patch) as [keyof Draft, string | boolean][]) {
      form.setValue(name, value, { shouldDirty: true });
    }
  };

  // A returning shopper's address is already there: the default, else the last one ordered to, else the only one
  // (the browser's required check would otherwise stop an order with "Please fill out this field").
  const orders = cart.userOrders;
  useEffect(() => {
    if (decided.current || book.isLoading) return;
    const pick = firstChoice(book.addresses, orders);
    if (pick === undefined) return;
    decided.current = true;
    if (pick) edit({ details: pick.details, city: pick.city, phone: pick.phone, save: false });
    // `edit` is the form's and stable in effect; the choice is made once, when the book (and orders) arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [book.addresses, book.isLoading, orders]);

  // What became of the last 'Make … my default address': a text id (drawn in the language on screen) and its name.
  type DefaultNote = { id: 'order.defaultSet' | 'order.defaultGone' | 'order.defaultFailed'; name: string };
  const [defaultNote, setDefaultNote] = useState<DefaultNote | null>(null);
  const [settingDefault, setSettingDefault] = useState(false);
  async function makeDefault(address: Address) {
    if (settingDefault) return;
    setSettingDefault(true);
    setDefaultNote(null);
    try {
      await book.makeDefault(address._id);
      setDefaultNote({ id: 'order.defaultSet', name: address.name });
    } catch (err) {
      console.warn('The default address was not set', err);
      const gone = err instanceof ApiError && err.status === 404;
      setDefaultNote({ id: gone ? 'order.defaultGone' : 'order.defaultFailed', name: address.name });
    } finally {
      setSettingDefault(false);
    }
  }

  const typed = typedAddress(draft);
  const chosenSaved = book.addresses.find((a) => sameAddress(typed, a)) ?? null;

  // A field of spaces only passes the browser's required check: empty it and let the browser say what it
  // says for an empty required field, on that field.
  function refuseBlank(errors: FieldErrors<Draft>) {
    inFlight.current = false;
    const blank = addressFields.filter((f) => errors[f]);
    flushSync(() => edit(Object.fromEntries(blank.map((f) => [f, ''])) as Partial<Draft>));
    const first = formElement.current?.elements.namedItem(blank[0]!) as HTMLInputElement | null;
    first?.reportValidity();
    first?.focus();
  }

  async function send(values: Draft) {
    const shippingAddress = typedAddress(values);
    const saved = book.addresses.find((a) => sameAddress(shippingAddress, a)) ?? null;
    const method = chosen.current;
    if (!token || !cart.cartId) {
      inFlight.current = false;
      return;
    }
    setPending(method);
    setProblem(null);
    try {
      if (values.save && !saved) {
        // Saved first: a refusal (the address book wants an Egyptian mobile number) is shown and nothing
        // is ordered, so the shopper decides whether to fix it or untick the box.
        await book.save({ name: values.addressName.trim() || 'Home', ...shippingAddress });
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
      if (isStaleCart(err)) {
        console.warn('The order was refused: the cart changed elsewhere', err);
        await cart.reloadCart();
        setProblem(translate('order.staleCart'));
      } else {
        // Always the shopper's language and words; the technical reason goes to the console.
        setProblem(checkoutProblem(err, method));
      }
      inFlight.current = false;
      setPending(null);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current || !token || !cart.cartId) return;
    // Taken now: the fields' check resolves later, and a second press meanwhile must not send twice.
    inFlight.current = true;
    formElement.current = event.currentTarget;
    void form.handleSubmit(send, refuseBlank)(event);
  }

  const notBlank = (value: string) => value.trim() !== '';
  const field = (name: 'details' | 'city' | 'phone' | 'addressName') =>
    form.register(name, name === 'addressName' ? {} : { validate: notBlank });

  return {
    draft,
    edit,
    /** The shopper picks a saved address, or a new one (the fields emptied). */
    pickAddress: (patch: Partial<Draft>) => {
      decided.current = true;
      edit(patch);
    },
    field,
    saveBox: form.register('save'),
    addresses: book.addresses,
    chosenSaved,
    // Our server keeps a default (docs/api.md); the public host's addresses carry no such field.
    canChooseDefault: book.addresses.every((a) => typeof a.default === 'boolean'),
    makeDefault,
    settingDefault,
    defaultNote,
    signedIn: Boolean(token),
    pending,
    problem,
    choose: (method: Method) => (chosen.current = method),
    submit,
  };
}

export type OrderForm = ReturnType<typeof useOrderForm>;
