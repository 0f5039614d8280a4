import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/lib/i18n/i18n';
import type { ImageViewerProps } from './image-viewer';
import { whenIdle } from '@/components/ui/when-idle';
import styles from './image-viewer.module.scss';

// The full-screen viewer and framer-motion, which animates it, are a chunk of their own: not part of the
// first screen nor of the details page's own code. The page asks for it once it is idle; a shopper who
// clicks before that waits for it behind the viewer's scrim.

type ViewerModule = typeof import('./image-viewer');

let loading: Promise<ViewerModule> | null = null;

function loadViewer(): Promise<ViewerModule> {
  loading ??= import('./image-viewer').catch((err: unknown) => {
    loading = null; // offline for a moment: the next attempt fetches again
    throw err;
  });
  return loading;
}

/** Fetches the viewer's code once the page is idle; returns the cancel function (an effect's cleanup). */
export function prefetchImageViewer(): () => void {
  return whenIdle(() => {
    loadViewer().catch(() => {}); // a click will try again, and say so if it fails
  }, 5000);
}

const Viewer = lazy(() => loadViewer().then((m) => ({ default: m.ImageViewer })));

export function LazyImageViewer(props: ImageViewerProps) {
  const t = useT();
  return (
    <Suspense
      fallback={
        <div className={styles.backdrop} role="presentation">
          <Spinner label={t('gallery.loading')} />
        </div>
      }
    >
      <Viewer {...props} />
    </Suspense>
  );
}
