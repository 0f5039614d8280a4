import { useId, useState, type FormEvent } from 'react';
import { asset } from '@/components/ui/asset';
import styles from './footer.module.scss';

const partners = [
  { file: 'visa', name: 'Visa' },
  { file: 'mastercard', name: 'Mastercard' },
  { file: 'amex', name: 'American Express' },
  { file: 'paypal', name: 'PayPal' },
] as const;

export function Footer() {
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [noted, setNoted] = useState('');

  // The spec makes no call for the app link; say honestly what happened instead of pretending to send it.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    if (!value) return;
    setNoted(`Thanks! We noted your request for the app link for ${value}.`);
    setEmail('');
  }

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <h2 className={styles.title}>Get the FreshCart app</h2>
        <p className={styles.lead}>We will send you a link, open it on your phone to download the app.</p>
        <form className={styles.form} onSubmit={onSubmit}>
          <label htmlFor={emailId} className="visually-hidden">
            Get the app link by e-mail
          </label>
          <input
            id={emailId}
            className={styles.input}
            type="email"
            required
            autoComplete="email"
            placeholder="Email .."
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <button type="submit" className={styles.button}>
            Share App Link
          </button>
        </form>
        <p className={styles.noted} role="status">
          {noted}
        </p>
        <div className={styles.partners}>
          <h2 className={styles.partnersTitle}>Payment Partners</h2>
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
