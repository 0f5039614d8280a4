import { StarIcon } from '@/components/ui/icons';
import styles from './rating.module.scss';

export function Rating({ value }: { value: number }) {
  return (
    <span className={styles.rating}>
      <StarIcon className={styles.star} />
      <span>
        <span className="visually-hidden">Rating </span>
        {value}
      </span>
    </span>
  );
}
