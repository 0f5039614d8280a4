'use client';
import { lazy, Suspense, type ComponentProps } from 'react';
import type { ErrorDialog as Dialog } from './error-dialog';

type Props = ComponentProps<typeof Dialog>;

let loading: Promise<{ default: typeof Dialog }> | null = null;

function load(): Promise<{ default: typeof Dialog }> {
  loading ??= import('./error-dialog').then(
    (m) => ({ default: m.ErrorDialog }),
    (err: unknown) => {
      loading = null; // offline for a moment: the next focus or failure tries again
      throw err;
    },
  );
  return loading;
}

/**
 * Starts fetching the 'Oops!' dialog. The sign-in screens call it on their first focus (as they fetch their
 * validation): it has arrived before anything can fail, and the first screen does not carry it.
 */
export function preloadErrorDialog(): void {
  load().catch(() => undefined);
}

// Never rejects: with the code out of reach (offline), the message still shows, in a plain alert.
const Loaded = lazy(() => load().catch(() => ({ default: PlainAlert })));

function PlainAlert({ message }: Props) {
  return <p role="alert">{message}</p>;
}

/** The 'Oops!' dialog (./error-dialog.tsx), its code fetched once it is wanted. */
export function ErrorDialog(props: Props) {
  if (props.message === null) return null;
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
