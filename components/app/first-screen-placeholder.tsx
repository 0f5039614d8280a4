import { HomePlaceholder } from '@/components/catalogue/home-placeholder';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { english } from '@/components/ui/prerendered-text';
import './language-pending.module.scss';
import styles from './first-screen-placeholder.module.scss';

/**
 * The main area of the prerendered page, shown until the first screen's code has arrived. The hash route
 * is unknown when the page is exported, so both forms are in the HTML and the head script's marker
 * (lib/session/boot-script.ts) picks one before the first paint: Home's own top (its banner is the
 * screen's largest paint), or the spec's loader for any other screen. Without JavaScript there is no marker:
 * neither shows, and a sentence says the shop needs it, below the prerendered navbar.
 */
export function FirstScreenPlaceholder() {
  return (
    <>
      <div className={styles.home}>
        <HomePlaceholder />
      </div>
      <div className={styles.other}>
        <FullScreenLoader belowNavbar text={english('loader.text')} />
      </div>
      <p className={styles.noscript}>{english('prerender.noscript')}</p>
    </>
  );
}
