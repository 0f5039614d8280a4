import { useId, useState, type FormEvent } from 'react';
import { useT } from '@/lib/i18n/i18n';
import { asset } from '@/components/ui/asset';
import styles from './footer.module.scss';

const partners = [
  { file: 'visa', name: 'Visa' },
  { file: 'mastercard', name: 'Mastercard' },
  { file: 'amex', name: 'American Express' },
  { file: 'paypal', name: 'PayPal' },
] as const;

export function Footer() {
  const t = useT();
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [noted, setNoted] = useState('');

  // The spec makes no call for the app link, and the shop sends no such mail: the shopper's own e-mail app
  // gets a draft with the link, addressed as typed, and the page says exactly that.
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    if (!value) return;
    const { shareAppLink } = await import('./share-app-link');
    const link = shareAppLink(value);
    setNoted(t('footer.noted', { email: value, link }));
  }

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <h2 className={styles.title}>{t('footer.title')}</h2>
        <p className={styles.lead}>{t('footer.lead')}</p>
        <form className={styles.form} onSubmit={(e) => void onSubmit(e)}>
          <label htmlFor={emailId} className="visually-hidden">
            {t('footer.emailLabel')}
          </label>
          <input
            id={emailId}
            className={styles.input}
            type="email"
            required
            autoComplete="email"
            placeholder={t('footer.emailPlaceholder')}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <button type="submit" className={styles.button}>
            {t('footer.share')}
          </button>
        </form>
        <p className={styles.noted} role="status">
          {noted}
        </p>
        <div className={styles.partners}>
          <h2 className={styles.partnersTitle}>{t('footer.partners')}</h2>
          <ul className={styles.logos}>
            {partners.map((p) => (
              <li key={p.file}>
                <img
                  src={asset(`/payments/${p.file}.svg`)}
                  width={64}
                  height={40}
                  alt={p.name}
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
