import { useEffect, useState } from 'react';
import { useT } from '@/lib/i18n/i18n';
import { applyTheme, isDarkTheme } from '@/lib/session/theme';
import { MoonIcon, SunIcon } from '@/components/ui/icons';
import styles from './theme-toggle.module.scss';

export function ThemeToggle() {
  const t = useT();
  const [dark, setDark] = useState(false);

  // The pre-paint script already set the class; read it once mounted.
  useEffect(() => {
    setDark(isDarkTheme());
  }, []);

  function toggle() {
    const next = !dark;
    applyTheme(next);
    setDark(next);
  }

  // Both icons are drawn and the theme class on <html> shows one, so the exported page shows the right
  // icon before any code has run.
  return (
    <button type="button" className={styles.toggle} aria-pressed={dark} onClick={toggle}>
      <MoonIcon className={styles.moon} />
      <SunIcon className={styles.sun} />
      <span className="visually-hidden">{t('nav.darkTheme')}</span>
    </button>
  );
}
