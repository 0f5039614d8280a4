import { StarIcon } from '@/components/ui/icons';
import styles from './rating.module.scss';
import { useT } from '@/lib/i18n/i18n';

export function Rating({ value }: { value: number }) {
  const t = useT();
  return (
    <span className={styles.rating}>
      <StarIcon className={styles.star} />
      <span>
        <span className="visually-hidden">{t('card.rating')}</span>
        {value}
      </span>
    </span>
  );
}
