import { useState } from 'react';
import { switchLanguage, useShownLang, type Lang } from '@/lib/i18n/i18n';
import styles from './language-switch.module.scss';

// Each language named in itself, so a shopper who reads only that one finds it.
const names: Record<Lang, string> = { en: 'English', ar: 'العربية' };

/**
 * The navbar's language switch (English / العربية): one button naming the other language in that language
 * (its `lang` attribute tells a screen reader how to say it). The choice is kept under 'lang'.
 */
export function LanguageSwitch() {
  const lang = useShownLang();
  const other: Lang = lang === 'ar' ? 'en' : 'ar';
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={styles.switch}
      lang={other}
      aria-busy={busy || undefined}
      onClick={() => {
        if (busy) return;
        setBusy(true);
        switchLanguage(other)
          .catch(console.error)
          .finally(() => setBusy(false));
      }}
    >
      {names[other]}
    </button>
  );
}
