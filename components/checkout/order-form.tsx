import { useId, type ComponentProps } from 'react';
import { useT } from '@/lib/i18n/i18n';
import { SavedAddresses } from './saved-addresses';
import type { OrderForm as Form } from './use-order-form';
import styles from './order-screen.module.scss';

// The address's fields, in the order the shopper fills them.
const addressInputs = [
  { name: 'details', label: 'order.details', autoComplete: 'street-address' },
  { name: 'city', label: 'order.city', autoComplete: 'address-level2' },
  { name: 'phone', label: 'order.phone', autoComplete: 'tel', type: 'tel' },
] as const;

/** The shipping address (a saved one, or typed and perhaps saved), then cash or card. */
export function OrderForm({ form }: { form: Form }) {
  const t = useT();
  const { pending } = form;
  return (
    <form className={styles.form} onSubmit={form.submit}>
      {form.addresses.length > 0 ? <SavedAddresses form={form} /> : null}
      {addressInputs.map(({ name, label, ...input }) => (
        <TextField
          key={name}
          id={`order-${name}`}
          label={t(label)}
          required
          {...input}
          {...form.field(name)}
        />
      ))}
      {form.signedIn && !form.chosenSaved ? <SaveAddress form={form} /> : null}
      {form.problem ? (
        <p className={styles.error} role="alert">
          {form.problem}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button
          type="submit"
          className={styles.primary}
          aria-disabled={pending !== null}
          aria-busy={pending === 'cash'}
          onClick={() => form.choose('cash')}
        >
          {t('order.cash')}
        </button>
        <button
          type="submit"
          className={styles.secondaryButton}
          aria-disabled={pending !== null}
          aria-busy={pending === 'card'}
          onClick={() => form.choose('card')}
        >
          {t('order.card')}
        </button>
      </div>
    </form>
  );
}

/** 'Save this address', and the name to save it under once ticked. */
function SaveAddress({ form: { draft, field, saveBox } }: { form: Form }) {
  const t = useT();
  const ids = { save: useId(), name: useId() };
  return (
    <div className={styles.saveRow}>
      <label htmlFor={ids.save} className={styles.check}>
        <input id={ids.save} type="checkbox" {...saveBox} />
        {t('order.save')}
      </label>
      {draft.save ? (
        <TextField id={ids.name} label={t('order.addressName')} maxLength={100} {...field('addressName')} />
      ) : null}
    </div>
  );
}

function TextField({ id, label, ...input }: { id: string; label: string } & ComponentProps<'input'>) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {/* A Latin address typed in an Arabic form ("12 Tahrir St, flat 4") keeps its order. */}
      <input id={id} dir="auto" {...input} />
    </div>
  );
}
