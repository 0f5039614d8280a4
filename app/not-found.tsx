import type { Metadata } from 'next';
import { basePath } from '@/lib/base-path';
import { ar } from '@/lib/i18n/ar';
import { en } from '@/lib/i18n/en';
import styles from '@/components/layout/not-found-screen.module.scss';

// The exported 404.html: what a static host (and our server, for a file that is not there) answers for an address
// outside the storefront's hash routes. Rendered once at export, with no code of its own, so it cannot know the
// shopper's language: it says it in both (the hash routes' own not-found screen is components/layout/).
export const metadata: Metadata = { title: `${en['notFound.title']} · FreshCart` };

export default function NotFound() {
  return (
    <main className={styles.page}>
      <img src={`${basePath}/logo.svg`} width={64} height={64} alt="FreshCart" />
      <h1>{en['notFound.title']}</h1>
      <p lang="ar" dir="rtl">
        {ar['notFound.title']}
      </p>
      <a className={styles.home} href={`${basePath}/`}>
        {en['notFound.back']}
      </a>
      <a className={styles.home} href={`${basePath}/`} lang="ar" dir="rtl">
        {ar['notFound.back']}
      </a>
    </main>
  );
}
