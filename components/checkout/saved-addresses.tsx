import type { Address } from '@/lib/contract/addresses';
import { useT } from '@/lib/i18n/i18n';
import type { Draft } from './order-draft';
import styles from './order-screen.module.scss';

/** The address book's addresses to choose from, and 'a new address' (the fields emptied). */
export function SavedAddresses({
  addresses,
  chosen,
  edit,
}: {
  addresses: readonly Address[];
  chosen: Address | null;
  edit: (patch: Partial<Draft>) => void;
}) {
  const t = useT();
  return (
    <fieldset className={styles.saved}>
      <legend>{t('order.saved')}</legend>
      {addresses.map((a) => (
        <label key={a._id} className={styles.choice}>
          <input
            type="radio"
            name="saved-address"
            checked={chosen?._id === a._id}
            onChange={() => edit({ details: a.details, city: a.city, phone: a.phone, save: false })}
          />
          <span dir="auto">
            <strong>{a.name}</strong>: {a.details}, {a.city}, {a.phone}
          </span>
        </label>
      ))}
      <label className={styles.choice}>
        <input
          type="radio"
          name="saved-address"
          checked={chosen === null}
          onChange={() => edit({ details: '', city: '', phone: '' })}
        />
        <span>{t('order.newAddress')}</span>
      </label>
    </fieldset>
  );
}
