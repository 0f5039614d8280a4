'use client';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate } from '@/lib/router/react';
import { notify } from '@/components/ui/notify';
import { useAddresses } from '@/lib/api/addresses';
import { checkoutReturnBase, useCheckoutSession } from '@/lib/api/checkout';
import { usePlaceCashOrder } from '@/lib/session/place-cash-order';
import { ApiError } from '@/lib/api/client';
import type { Address } from '@/lib/contract/addresses';
import type { ShippingAddress } from '@/lib/contract/orders';
import { cartSummary } from '@/lib/rules/cart-summary';
import { useMoney, useMoneyOff } from '@/lib/i18n/format';
import { t as translate, useT } from '@/lib/i18n/i18n';
import { useCart } from '@/lib/session/cart-store';
import { rememberCardCheckout } from '@/lib/session/checkout-return';
import { forgetDraft, readDraft, writeDraft } from '@/lib/session/saved-form';
import { useSession } from '@/lib/session/session-store';
import { CartNotice } from '@/components/ui/cart-notice';
import { RetryMessage } from '@/components/ui/retry-message';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/components/ui/error-message';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { leaveFor } from './leave-for';
import styles from './order-screen.module.scss';
import '@/lib/i18n/compiled/en-cart';
import '@/lib/i18n/compiled/en-order';

type Pending = 'cash' | 'card' | null;
type Field = 'details' | 'city' | 'phone';
const fields: Field[] = ['details', 'city', 'phone'];

/** Session storage key of the order form's draft. */
export const ORDER_FORM_KEY = 'freshcart-order-form';

const emptyDraft = { details: '', city: '', phone: '', save: false, addressName: 'Home' };
type Draft = typeof emptyDraft;

function sameAddress(a: ShippingAddress, b: Address): boolean {
  return a.details === b.details.trim() && a.city === b.city.trim() && a.phone === b.phone.trim();
}

/** A refusal that means the cart on screen is no longer the server's (ordered or emptied elsewhere). */
function isStaleCart(err: unknown): boolean {
  return (
    err instanceof ApiError &&
    (err.status === 404 || (err.status === 400 && err.message === 'Your cart is empty'))
  );
}

/** Create order: the shipping address, then a cash order or a card checkout session. */
export function OrderScreen() {
  const t = useT();
  const money = useMoney();
  const moneyOff = useMoneyOff();
  useDocumentTitle(t('order.docTitle'));
  const cart = useCart();
  const { token } = useSession();
  const navigate = useNavigate();
  const book = useAddresses(token);
  const [pending, setPending] = useState<Pending>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(() => readDraft(ORDER_FORM_KEY, emptyDraft));
  const ids = { saved: useId(), save: useId(), name: useId() };
  // Which submit button sent the form; set by its click, which runs before the submit event.
  const chosen = useRef<'cash' | 'card'>('cash');
  const inFlight = useRef(false);
  const placeCashOrder = usePlaceCashOrder();
  const checkoutSession = useCheckoutSession();

  // Kept as typed: Back, a refresh or a look at the cart does not empty the form.
  useEffect(() => writeDraft(ORDER_FORM_KEY, draft), [draft]);

  const edit = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const typed: ShippingAddress = {
    details: draft.details.trim(),
    city: draft.city.trim(),
    phone: draft.phone.trim(),
  };
  const chosenSaved = book.addresses.find((a) => sameAddress(typed, a)) ?? null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current || !token || !cart.cartId) return;
    const form = event.currentTarget;
    // A field of spaces only passes the browser's required check: empty it and let the browser say what
    // it says for an empty required field, on that field.
    const blank = fields.filter((f) => draft[f].trim() === '');
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

  const { original, savings, tax, total } = cartSummary(cart.totalCartPrice);
  const pieces = cart.products.reduce((n, l) => n + l.count, 0);

  let body;
  if (!cart.cartLoaded && cart.cartLoadFailed) {
    body = (
      <RetryMessage
        text={t('cart.loadFailed')}
        busy={cart.isLoadingCartOperation}
        onRetry={() => void cart.reloadCart()}
        classes={{ notice: styles.failed, button: styles.primary }}
      />
    );
  } else if (!cart.cartLoaded) {
    body = (
      <div className={styles.center}>
        <Spinner label={t('cart.loading')} />
      </div>
    );
  } else if (cart.cartId === null || cart.products.length === 0) {
    body = (
      <div className={styles.empty}>
        <p>{t('cart.empty')}</p>
        {problem ? (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        ) : null}
        <Link to="/products" className={styles.secondary}>
          {t('cart.continue')}
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        <section className={styles.breakdown} aria-labelledby="order-summary-title">
          <h2 id="order-summary-title" className={styles.subtitle}>
            {t('order.yourOrder', { count: pieces })}
          </h2>
          <dl className={styles.figures}>
            <div>
              <dt>{t('cart.original')}</dt>
              <dd>{money(original)}</dd>
            </div>
            <div>
              <dt>{t('cart.savings')}</dt>
              <dd>{moneyOff(savings)}</dd>
            </div>
            <div>
              <dt>{t('cart.tax')}</dt>
              <dd>{money(tax)}</dd>
            </div>
            <div className={styles.total}>
              <dt>{t('cart.total')}</dt>
              <dd>{money(total)}</dd>
            </div>
          </dl>
        </section>
        <form className={styles.form} onSubmit={submit}>
          {book.addresses.length > 0 ? (
            <fieldset className={styles.saved}>
              <legend>{t('order.saved')}</legend>
              {book.addresses.map((a) => (
                <label key={a._id} className={styles.choice}>
                  <input
                    type="radio"
                    name="saved-address"
                    checked={chosenSaved?._id === a._id}
                    onChange={() => edit({ details: a.details, city: a.city, phone: a.phone, save: false })}
                  />
                  <span>
                    <strong>{a.name}</strong>: {a.details}, {a.city}, {a.phone}
                  </span>
                </label>
              ))}
              <label className={styles.choice}>
                <input
                  type="radio"
                  name="saved-address"
                  checked={chosenSaved === null}
                  onChange={() => edit({ details: '', city: '', phone: '' })}
                />
                <span>{t('order.newAddress')}</span>
              </label>
            </fieldset>
          ) : null}
          <div className={styles.field}>
            <label htmlFor="order-details">{t('order.details')}</label>
            <input
              id="order-details"
              name="details"
              required
              autoComplete="street-address"
              value={draft.details}
              onChange={(e) => edit({ details: e.target.value })}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor="order-city">{t('order.city')}</label>
            <input
              id="order-city"
              name="city"
              required
              autoComplete="address-level2"
              value={draft.city}
              onChange={(e) => edit({ city: e.target.value })}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor="order-phone">{t('order.phone')}</label>
            <input
              id="order-phone"
              name="phone"
              type="tel"
              required
              autoComplete="tel"
              value={draft.phone}
              onChange={(e) => edit({ phone: e.target.value })}
            />
          </div>
          {token && !chosenSaved ? (
            <div className={styles.saveRow}>
              <label htmlFor={ids.save} className={styles.check}>
                <input
                  id={ids.save}
                  type="checkbox"
                  checked={draft.save}
                  onChange={(e) => edit({ save: e.target.checked })}
                />
                {t('order.save')}
              </label>
              {draft.save ? (
                <div className={styles.field}>
                  <label htmlFor={ids.name}>{t('order.addressName')}</label>
                  <input
                    id={ids.name}
                    name="addressName"
                    maxLength={100}
                    value={draft.addressName}
                    onChange={(e) => edit({ addressName: e.target.value })}
                  />
                </div>
              ) : null}
            </div>
          ) : null}
          {problem ? (
            <p className={styles.error} role="alert">
              {problem}
            </p>
          ) : null}
          <div className={styles.actions}>
            <button
              type="submit"
              className={styles.primary}
              aria-disabled={pending !== null}
              aria-busy={pending === 'cash'}
              onClick={() => (chosen.current = 'cash')}
            >
              {t('order.cash')}
            </button>
            <button
              type="submit"
              className={styles.secondaryButton}
              aria-disabled={pending !== null}
              aria-busy={pending === 'card'}
              onClick={() => (chosen.current = 'card')}
            >
              {t('order.card')}
            </button>
          </div>
        </form>
      </>
    );
  }

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="order-title">
        <h1 id="order-title" className={styles.title}>
          {t('order.title')}
        </h1>
        <CartNotice
          text={cart.cartNotice}
          onDismiss={cart.dismissNotice}
          classes={{ notice: styles.notice, button: styles.secondaryButton }}
        />
        {body}
      </section>
    </div>
  );
}
