import type { ReactNode } from 'react';
import reveal from '@/components/ui/reveal.module.scss';
import { english } from '@/components/ui/prerendered-text';
import { Spinner } from '@/components/ui/spinner';
import { apiHost } from '@/lib/api/config';
import type { HomeSlide } from '@/lib/contract/home';
import { showSlide } from '@/lib/home/content';
import { defaultHomeContent } from '@/lib/home/default-content';
import { BannerView, type BannerLinkProps } from './banner-view';
import { CategoriesPlaceholder } from './categories-placeholder';
import grid from './grid.module.scss';
import styles from './home-screen.module.scss';

// Before the router runs, a link is a plain hash link (what the router's Link renders for the same path).
function HashLink({ to, ...rest }: BannerLinkProps): ReactNode {
  return <a href={`#${to}`} {...rest} />;
}

/**
 * The banner before any code has run, in English: for these slides, what our server draws into the page it serves
 * (server/web/home-page.ts, which tests/web/catalogue/home-page-html.test.tsx holds to this, character for character).
 */
export function PrerenderedBanner({ slides, apiHost }: { slides: readonly HomeSlide[]; apiHost: string }) {
  return (
    <BannerView
      slides={slides.map((s) => showSlide(s, 'en', apiHost))}
      current={0}
      live={false}
      paused={false}
      Link={HashLink}
      text={english}
      label={english}
    />
  );
}

/**
 * Home as it looks before its code and data have arrived: the banner (the content the shop started with, which our
 * server replaces with what is live when it serves the page: server/web/home-page.ts; the screen's largest paint), then the categories' and the products' placeholders. Rendered when the page is exported (no
 * state, no code of its own in the browser: components/app/first-screen-placeholder.tsx); the Home screen
 * then draws the same pieces in the same places (home-screen.tsx), so the swap moves nothing.
 */
export function HomePlaceholder() {
  return (
    <div className={grid.page}>
      <h1 className="visually-hidden">{english('catalogue.homeHeading')}</h1>
      <PrerenderedBanner slides={defaultHomeContent.slides} apiHost={apiHost} />
      {/* What only code fills (the categories and products placeholders): left out where no script runs. */}
      <div data-needs-script="" style={{ display: 'contents' }}>
        <CategoriesPlaceholder
          heading={english('catalogue.popularCategories')}
          loading={english('catalogue.loadingCategories')}
        />
        <section className={styles.shop} aria-labelledby="shop-product">
          <div className={reveal.reveal}>
            <h2 id="shop-product" className={grid.heading}>
              {english('catalogue.shopProduct')}
            </h2>
          </div>
          <Spinner label={english('catalogue.loadingProducts')} />
        </section>
      </div>
    </div>
  );
}
