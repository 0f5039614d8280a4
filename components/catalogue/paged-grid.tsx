import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { usePage, type ProductPages } from '@/lib/api/products';
import type { Product } from '@/lib/contract/catalogue';
import styles from './paged-grid.module.scss';
import { useT } from '@/lib/i18n/i18n';

/** Pages kept in the DOM on each side of the one on screen; the others are spacers of their height. */
export const pagesAround = 2;

// Measured page heights per list, kept across visits: coming back from a product, the spacers of pages
// not mounted have their real heights at once, so the restored scroll position lands where it was.
const heightsByList = new Map<string, number[]>();

interface PagedGridProps {
  /** Identifies the list and query (page heights are remembered under it). */
  listKey: string;
  list: ProductPages;
  /** The grid's classes (each page is one grid). */
  gridClassName: string;
  /** One card, as an <li> with its key. */
  renderCard: (product: Product, index: number) => ReactNode;
  /**
   * The count line when the API counted no further than `total` ("Showing 24 of 5,000+ products"): only a search
   * is capped, so the product list brings that text (and the plural rules it needs) in its own code, not Home's.
   */
  cappedCount?: (shown: number, total: number) => string;
}

/**
 * A product grid that grows a page at a time: when the shopper nears its end (an IntersectionObserver
 * sentinel) or presses 'Load more' (keyboard and screen-reader users), announcing the new count. Only the
 * pages near the screen are mounted, so the DOM does not grow with the pages scrolled through.
 */
export function PagedGrid({ listKey, list, gridClassName, renderCard, cappedCount }: PagedGridProps) {
  const { size, total = 0, capped, hasMore, loadingMore, loadMore: onLoadMore, shown } = list;
  const t = useT();
  const container = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const [anchor, setAnchor] = useState(0);
  // Pages showing only their first rows (a new list's first frame): the sentinel right below them is not the end
  // of the grid. Counted in a ref, read when the observer reports; `painted` observes again once they are whole.
  const partialPages = useRef(0);
  const [painted, setPainted] = useState(0);
  const painting = useMemo(
    () => ({
      start: () => {
        partialPages.current++;
      },
      end: () => {
        partialPages.current--;
        setPainted((n) => n + 1);
      },
    }),
    [],
  );
  let heights = heightsByList.get(listKey);
  if (!heights) {
    heights = [];
    heightsByList.set(listKey, heights);
  }
  const known = heights.filter((h) => h > 0);
  const estimate = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 0;

  // Which page is on screen: the first whose bottom is below the middle of the viewport.
  const locate = useCallback(() => {
    const el = container.current;
    if (!el) return;
    const middle = window.innerHeight / 2;
    const children = el.children;
    let found = children.length - 1;
    for (let i = 0; i < children.length; i++) {
      if (children[i]!.getBoundingClientRect().bottom > middle) {
        found = i;
        break;
      }
    }
    setAnchor((a) => (a === found ? a : Math.max(found, 0)));
  }, []);

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        locate();
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    // Not located at mount: the first page is the anchor's first value, and a scroll restored after the grid is drawn
    // says so with a scroll event. Asking now where the render's new cards are, or where the page is scrolled, would
    // make the browser lay them out inside the render's task.
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [locate]);

  // Remember the height of every mounted page (spacers take it when the page leaves the DOM), as the browser reports
  // it once it has laid the pages out: reading it in the render's commit would make the browser lay the page out
  // then and there, inside the render's task (30–60 ms of Home's first render at a phone's speed, bench/notes.md).
  // A page leaving the DOM reports no size: it keeps the height it had. Each page stops being observed as it leaves.
  const observer = useMemo(
    () =>
      new ResizeObserver((entries) => {
        for (const { target } of entries) {
          const page = target as HTMLElement;
          if (page.offsetHeight) heights[Number(page.dataset.page)] = page.offsetHeight;
        }
      }),
    [heights],
  );
  const measure = useCallback(
    // React calls the cleanup it returns when the page leaves, never this with null.
    (page: HTMLUListElement) => {
      observer.observe(page);
      return () => observer.unobserve(page);
    },
    [observer],
  );

  // Near the end: the next page. Observed again after each page, in case the sentinel is still in view.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || loadingMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (partialPages.current === 0 && entries.some((e) => e.isIntersecting)) onLoadMore();
      },
      { rootMargin: '0px 0px 800px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, onLoadMore, size, painted]);

  return (
    <>
      <div ref={container} className={styles.pages}>
        {Array.from({ length: size }, (_, i) => (
          <PageSlot
            key={i}
            list={list}
            index={i}
            mounted={Math.abs(i - anchor) <= pagesAround}
            height={heights[i] || estimate}
            gridClassName={gridClassName}
            renderCard={renderCard}
            painting={painting}
            measure={measure}
          />
        ))}
      </div>
      <div ref={sentinel} className={styles.sentinel} />
      <div className={styles.more}>
        <p role="status" aria-live="polite">
          {capped && cappedCount ? cappedCount(shown, total) : t('catalogue.showing', { shown, total })}
        </p>
        {hasMore ? (
          // aria-disabled, not disabled: a disabled button drops the keyboard focus while the page loads.
          <button type="button" className={styles.loadMore} onClick={onLoadMore} aria-disabled={loadingMore}>
            {loadingMore ? t('catalogue.loadingMore') : t('catalogue.loadMore')}
          </button>
        ) : null}
      </div>
    </>
  );
}

interface PageSlotProps {
  list: ProductPages;
  index: number;
  mounted: boolean;
  height: number;
  gridClassName: string;
  renderCard: (product: Product, index: number) => ReactNode;
  /** Told when the page starts showing only its first rows, and when it is whole. */
  painting: { start(): void; end(): void };
  /** The page's grid, to be measured once laid out. */
  measure: (page: HTMLUListElement) => () => void;
}

/** Cards a list's first page shows in its first frame; the rest follow in the next one. */
export const firstFrameCards = 8;

/** One page: its grid when near the screen, else a spacer as tall; nothing until it has arrived. */
function PageSlot({
  list,
  index,
  mounted,
  height,
  gridClassName,
  renderCard,
  painting,
  measure,
}: PageSlotProps) {
  const { data } = usePage(list, index + 1);
  // A list shown for the first time (a new search) paints its first rows a frame sooner; a list whose
  // heights are known (back from a product, scroll restored) is drawn whole at once.
  const [whole, setWhole] = useState(index > 0 || height > 0);
  useEffect(() => {
    if (whole || !data) return;
    painting.start();
    // The rest as a transition: React renders it in slices that yield to the browser.
    const frame = requestAnimationFrame(() => startTransition(() => setWhole(true)));
    return () => {
      cancelAnimationFrame(frame);
      painting.end();
    };
  }, [whole, data, painting]);
  if (!data) return null;
  if (!mounted) return <div data-page={index} aria-hidden="true" style={{ height }} />;
  const offset = index * (data.metadata.limit || data.data.length);
  const cards = whole ? data.data : data.data.slice(0, firstFrameCards);
  return (
    <ul ref={measure} data-page={index} className={gridClassName}>
      {cards.map((p, j) => renderCard(p, offset + j))}
    </ul>
  );
}
