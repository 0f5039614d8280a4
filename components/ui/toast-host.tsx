import { lazy, Suspense, useEffect, useState, type FocusEvent, type PointerEvent } from 'react';
import { loadToasts, onToastsWanted, toastCode, toastsRequested } from './notify';
import { whenIdle } from './when-idle';

const ToastContainer = lazy(() => loadToasts().then((m) => ({ default: m.ToastContainer })));

/** react-toastify's container, mounted once the page is idle or a toast is raised. */
export function ToastHost() {
  const [mounted, setMounted] = useState(toastsRequested);

  useEffect(() => {
    if (mounted) return;
    const show = () => setMounted(true);
    const off = onToastsWanted(show);
    const cancel = whenIdle(show, 3000);
    return () => {
      off();
      cancel();
    };
  }, [mounted]);

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      {/* The toasts' events bubble through here: a toast stays while it is pointed at or focused. */}
      <div
        style={{ display: 'contents' }}
        onPointerOver={(e) => hold(e, 'pointer')}
        onPointerOut={(e) => release(e, 'pointer')}
        onFocus={(e) => hold(e, 'focus')}
        onBlur={(e) => release(e, 'focus')}
      >
        <ToastContainer />
        <ContainerReady />
      </div>
    </Suspense>
  );
}

/** Rendered after the container, so its effect runs once the container has subscribed. */
function ContainerReady() {
  useEffect(() => {
    let detach: (() => void) | null = null;
    let gone = false;
    void loadToasts().then((m) => {
      if (!gone) detach = m.attachToastContainer();
    });
    return () => {
      gone = true;
      detach?.();
    };
  }, []);
  return null;
}

function toastIdOf(target: EventTarget | null): string | null {
  return target instanceof Element ? (target.closest('.Toastify__toast')?.id ?? null) : null;
}

type ToastEvent = PointerEvent<HTMLDivElement> | FocusEvent<HTMLDivElement>;

function hold(event: ToastEvent, reason: 'pointer' | 'focus') {
  const id = toastIdOf(event.target);
  if (id) toastCode()?.holdToast(id, reason);
}

function release(event: ToastEvent, reason: 'pointer' | 'focus') {
  const id = toastIdOf(event.target);
  // Moving between parts of the same toast is not leaving it.
  if (id && toastIdOf(event.relatedTarget) !== id) toastCode()?.releaseToast(id, reason);
}
