import { asset } from './asset';
import styles from './full-screen-loader.module.scss';

// Spec: a spinning logo image, size 50, speed 1 (one turn per second), with the text "Loading...".
const size = 50;
const speed = 1;

export function FullScreenLoader() {
  return (
    <div className={styles.loader} role="status" aria-live="polite">
      <img
        className={styles.logo}
        src={asset('/logo.svg')}
        width={size}
        height={size}
        alt=""
        style={{ animationDuration: `${1 / speed}s` }}
      />
      <p className={styles.text}>Loading...</p>
    </div>
  );
}
