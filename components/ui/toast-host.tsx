import { lazy, Suspense, useEffect, useState } from 'react';
import { loadToasts, onToastsWanted, toastsRequested } from './notify';

const ToastContainer = lazy(() => loadToasts().then((m) => ({ default: m.ToastContainer })));

/** react-toastify's container, mounted once the page is idle or a toast is raised. */
export function ToastHost() {
  const [mounted, setMounted] = useState(toastsRequested);

  useEffect(() => {
    if (mounted) return;
    const off = onToastsWanted(() => setMounted(true));
    const show = () => setMounted(true);
    const idle = typeof window.requestIdleCallback === 'function';
    const handle = idle ? window.requestIdleCallback(show, { timeout: 3000 }) : window.setTimeout(show, 200);
    return () => {
      off();
      if (idle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
  }, [mounted]);

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
