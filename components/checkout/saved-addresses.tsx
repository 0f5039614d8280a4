import { useT } from '@/lib/i18n/i18n';
import type { OrderForm } from './use-order-form';
import styles from './order-screen.module.scss';

/**
 * The address book's addresses to choose from (the default marked), 'a new address' (the fields emptied), and the
 * chosen one made the default, which the order page then chooses first.
 */
export function SavedAddresses({ form }: { form: OrderForm }) {
  const t = useT();
  const { addresses, chosenSaved: chosen, pickAddress, defaultNote: note } = form;
  return (
    <fieldset className={styles.saved}>
      <legend>{t('order.saved')}</legend>
      {addresses.map((a) => (
        <label key={a._id} className={styles.choice}>
          <input
            type="radio"
            name="saved-address"
            checked={chosen?._id === a._id}
            onChange={() => pickAddress({ details: a.details, city: a.city, phone: a.phone, save: false })}
          />
          {/* The shopper's own words, often Latin on an Arabic page: each piece keeps its own direction. */}
          <span>
            <strong>
              <bdi>{a.name}</bdi>
            </strong>
            {a.default ? (
              <>
                {' '}
                <span className={styles.tag}>{t('order.defaultTag')}</span>
              </>
            ) : null}
            : <bdi>{`${a.details}, ${a.city}, ${a.phone}`}</bdi>
          </span>
        </label>
      ))}
      <label className={styles.choice}>
        <input
          type="radio"
          name="saved-address"
          checked={chosen === null}
          onChange={() => pickAddress({ details: '', city: '', phone: '' })}
        />
        <span>{t('order.newAddress')}</span>
      </label>
      {form.canChooseDefault && chosen && !chosen.default ? (
        <button
          type="button"
          className={styles.makeDefault}
          aria-disabled={form.settingDefault}
          onClick={() => void form.makeDefault(chosen)}
        >
          {t('order.makeDefault', { name: chosen.name })}
        </button>
      ) : null}
      <p className={styles.note} role="status">
        {note?.id === 'order.defaultSet' ? t(note.id, { name: note.name }) : null}
      </p>
      {note && note.id !== 'order.defaultSet' ? (
        <p className={styles.error} role="alert">
          {t(note.id)}
        </p>
      ) : null}
    </fieldset>
  );
}
