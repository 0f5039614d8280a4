import { StarIcon } from '@/components/ui/catalogue-icons';
import styles from './rating.module.scss';
import { useT } from '@/lib/i18n/i18n';
import { useCount } from '@/lib/i18n/format';

export function Rating({ value }: { value: number }) {
  const t = useT();
  const count = useCount();
  return (
    <span className={styles.rating}>
      <StarIcon className={styles.star} />
      <span>
        <span className="visually-hidden">{t('card.rating')}</span>
        {count(value)}
      </span>
    </span>
  );
}
