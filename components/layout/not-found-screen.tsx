import { Link } from '@/lib/router/react';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import styles from './not-found-screen.module.scss';
import { useT } from '@/lib/i18n/i18n';
import '@/lib/i18n/compiled/en-notfound';

// The illustration's colours are the theme's tokens, set inline: they travel with this screen's code rather
// than with the CSS every first screen downloads.
const ink = { stroke: 'var(--color-text)' };
const fill = (token: string) => ({ fill: `var(--color-${token})` });

/**
 * Any unknown path: a full-height error illustration, with a way back for the shopper. The illustration is
 * drawn here (not an <img>) so its colours are the theme's: a light picture on a dark page would glare.
 */
export function NotFoundScreen() {
  const t = useT();
  useDocumentTitle(t('notFound.title'));
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <h1 id="not-found-title" className="visually-hidden">
        {t('notFound.title')}
      </h1>
      <svg
        className={styles.illustration}
        viewBox="0 0 600 600"
        width={600}
        height={600}
        role="img"
        aria-label={t('notFound.image')}
      >
        <circle style={fill('border-subtle')} cx="300" cy="300" r="290" />
        <circle style={fill('surface')} cx="300" cy="300" r="250" />
        <text style={fill('primary')} x="300" y="300" fontSize="150" fontWeight="800" textAnchor="middle">
          404
        </text>
        <g
          style={ink}
          transform="translate(215 330)"
          fill="none"
          strokeWidth="8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M0 20h28l22 82a10 10 0 0 0 10 8h74a10 10 0 0 0 10-7l20-60H40" />
          <circle style={fill('text')} cx="70" cy="138" r="12" />
          <circle style={fill('text')} cx="128" cy="138" r="12" />
        </g>
        <text style={fill('text')} x="300" y="520" fontSize="30" fontWeight="700" textAnchor="middle">
          {t('notFound.title')}
        </text>
      </svg>
      <Link to="/" className={styles.home}>
        {t('notFound.back')}
      </Link>
    </section>
  );
}
