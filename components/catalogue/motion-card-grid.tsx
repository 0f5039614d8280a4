import type { ProductPages } from '@/lib/api/products';
import { firstWords } from '@/lib/rules/title';
import { BusyOverlay } from '@/components/ui/busy-overlay';
import { MotionCard } from './motion-card';
import { PagedGrid } from './paged-grid';
import { useAddToCart } from './use-add-to-cart';
import grid from './grid.module.scss';
import { useT } from '@/lib/i18n/i18n';

interface MotionCardGridProps {
  /** Identifies the list and query (PagedGrid remembers page heights under it). */
  listKey: string;
  list: ProductPages;
  /** How many words of each title the card shows (the spec's shortening differs per screen). */
  titleWords: number;
}

/** The brand and category pages' grid: animated cards a page at a time, with the cart's busy overlay. */
export function MotionCardGrid({ listKey, list, titleWords }: MotionCardGridProps) {
  const t = useT();
  const { add, busy } = useAddToCart();
  return (
    <>
      {list.first && list.total ? (
        <PagedGrid
          listKey={listKey}
          list={list}
          gridClassName={grid.grid ?? ''}
          renderCard={(p, i) => (
            <MotionCard
              key={p._id}
              product={p}
              title={firstWords(p.title, titleWords)}
              onAdd={(id) => void add(id)}
              priority={i === 0}
              busy={busy}
            />
          )}
        />
      ) : null}
      {busy ? <BusyOverlay label={t('catalogue.updatingCart')} /> : null}
    </>
  );
}
