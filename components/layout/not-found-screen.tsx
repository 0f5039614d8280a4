import { Link } from '@/lib/router/react';
import { asset } from '@/components/ui/asset';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import styles from './not-found-screen.module.scss';

/** Any unknown path: a full-height error illustration, with a way back for the shopper. */
export function NotFoundScreen() {
  useDocumentTitle('Page not found');
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <h1 id="not-found-title" className="visually-hidden">
        Page not found
      </h1>
      <img
        className={styles.illustration}
        src={asset('/not-found.svg')}
        width={600}
        height={600}
        alt="404: the page you are looking for does not exist"
        fetchPriority="high"
      />
      <Link to="/" className={styles.home}>
        Back to the shop
      </Link>
    </section>
  );
}
