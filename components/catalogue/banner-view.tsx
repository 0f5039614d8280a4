import type { CSSProperties, MouseEventHandler, ReactNode, Ref } from 'react';
import 'keen-slider/keen-slider.min.css';
import type { ShownSlide } from '@/lib/home/content';
import styles from './home-banner.module.scss';
import type { MessageId, MessageValues } from '@/lib/i18n/i18n';

/**
 * The slide's picture, and the same as --picture: right to left, home-banner.module.scss draws it mirrored
 * (its drawings beside the words, on the left) on the slide's ::before; keen-slider owns the slide's own
 * transform.
 */
function pictureStyle(pictureUrl: string, mirror: boolean): CSSProperties {
  const url = `url(${JSON.stringify(pictureUrl)})`;
  return (mirror ? { backgroundImage: url, '--picture': url } : { backgroundImage: url }) as CSSProperties;
}

export interface BannerLinkProps {
  to: string;
  className: string;
  tabIndex: number;
  children: ReactNode;
}

interface BannerViewProps {
  /** The slides live now, in the page's language (the home page's content: lib/home/content.ts). */
  slides: readonly ShownSlide[];
  current: number;
  /** keen-slider has taken over: the later slides' pictures may load. */
  live: boolean;
  paused: boolean;
  /** The 'Shop now' link: the router's Link, or a plain hash link in the prerendered page. */
  Link: (props: BannerLinkProps) => ReactNode;
  /** A text in the page's language (English in the prerendered page). */
  text: (id: MessageId) => ReactNode;
  /** An attribute text (aria-label) in the page's language (English in the prerendered page). */
  label: (id: MessageId, values?: MessageValues) => string;
  sliderRef?: Ref<HTMLDivElement>;
  onPause?: () => void;
  onDot?: (index: number) => void;
  onMouseEnter?: MouseEventHandler;
  onMouseLeave?: MouseEventHandler;
}

/**
 * The banner's markup, without state: drawn by Home's banner (home-banner.tsx) and, before any code has
 * run, by the prerendered page (home-placeholder.tsx), so the one replaces the other without a change.
 */
export function BannerView({
  slides,
  current,
  live,
  paused,
  Link,
  text,
  label,
  sliderRef,
  onPause,
  onDot,
  ...hover
}: BannerViewProps) {
  // Staff may leave no slide live (all scheduled for later): no banner then, rather than an empty frame.
  if (slides.length === 0) return null;
  return (
    <section
      className={styles.banner}
      aria-roledescription="carousel"
      aria-label={label('banner.label')}
      {...hover}
    >
      <div ref={sliderRef} className={`keen-slider ${styles.slider}`}>
        {slides.map((s, i) => (
          <div
            key={s.id}
            className={`keen-slider__slide ${styles.slide}`}
            // The later slides' pictures are asked for once the slider can show them.
            style={i === 0 || live ? pictureStyle(s.pictureUrl, s.mirror) : undefined}
            data-mirror={s.mirror ? '' : undefined}
            role="group"
            aria-roledescription="slide"
            aria-label={label('banner.slideOf', { n: i + 1, total: slides.length })}
            aria-hidden={i !== current}
          >
            <div className={styles.text}>
              <h2 className={styles.title}>{s.title}</h2>
              <p className={styles.lead}>{s.text}</p>
              <Link to={s.to} className={styles.shop ?? ''} tabIndex={i === current ? 0 : -1}>
                {text('banner.shopNow')}
                <span className="visually-hidden">: {s.linkLabel}</span>
              </Link>
            </div>
          </div>
        ))}
      </div>
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.pause}
          onClick={onPause}
          aria-label={label(paused ? 'banner.play' : 'banner.pause')}
        >
          <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
        </button>
        {slides.map((s, i) => (
          <button
            key={s.id}
            type="button"
            className={`${styles.dot} ${i === current ? styles.dotActive : ''}`}
            aria-label={label('banner.showSlide', { n: i + 1 })}
            aria-current={i === current ? 'true' : undefined}
            onClick={onDot ? () => onDot(i) : undefined}
          />
        ))}
      </div>
    </section>
  );
}
