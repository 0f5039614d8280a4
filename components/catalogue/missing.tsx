import { ApiError } from '@/lib/api/client';
import { Link } from '@/lib/router/react';

/**
 * The API says what was asked for is not there: 404 (an unknown product), or 400 for an id that cannot be one
 * ("Invalid category"). Asking again cannot change that, unlike a failed connection or a server fault.
 */
export function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/**
 * What the shopper asked for does not exist: said so, with the way back to where such things are listed, and no
 * 'Try again', which could never work.
 */
export function Missing({
  text,
  back,
  to,
  alert,
  classes,
}: {
  text: string;
  back: string;
  to: string;
  alert?: boolean;
  /** From the screen's stylesheet (grid.module.scss): a stylesheet imported here changed how the build groups CSS. */
  classes: { readonly [name: string]: string };
}) {
  return (
    <div className={classes.message} role={alert ? 'alert' : undefined}>
      <p>{text}</p>
      <Link to={to} className={classes.retry}>
        {back}
      </Link>
    </div>
  );
}
