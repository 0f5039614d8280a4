import { HomePlaceholder } from '@/components/catalogue/home-placeholder';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { english } from '@/components/ui/prerendered-text';
import { prerenderedLoaderAttribute } from '@/lib/early-paint/names';
import './language-pending.module.scss';
import styles from './first-screen-placeholder.module.scss';

/**
 * The main area of the prerendered page, shown until the first screen's code has arrived. The hash route
 * is unknown when the page is exported, so both forms are in the HTML and the head script's marker
 * (lib/session/boot-script.ts) picks one before the first paint: Home's own top (its banner is the
 * screen's largest paint), or the spec's loader for any other screen. Without JavaScript there is no marker: a
 * sentence says the shop needs it, and Home's banner shows below it (the <noscript> block).
 */
export function FirstScreenPlaceholder() {
  return (
    <>
      {/* Read only where scripts do not run (a link preview, marketing's look at the shell, JavaScript turned off):
          Home's banner (our server writes the live slides in) below the sentence, without the placeholders only code
          fills and without its pause and dots, nothing to press there. Costs the first screen's CSS nothing. */}
      <noscript>
        <style
          dangerouslySetInnerHTML={{
            __html:
              `.${styles.home}{display:block}[data-needs-script],` +
              `.${styles.home} [aria-roledescription=carousel]>:not(.keen-slider){display:none!important}`,
          }}
        />
      </noscript>
      <p className={styles.noscript}>{english('prerender.noscript')}</p>
      <div className={styles.home}>
        <HomePlaceholder />
      </div>
      <div className={styles.other} {...{ [prerenderedLoaderAttribute]: '' }}>
        <FullScreenLoader belowNavbar text={english('loader.text')} />
      </div>
    </>
  );
}
