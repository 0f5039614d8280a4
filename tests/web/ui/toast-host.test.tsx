// The toast host with the real react-toastify, on fake timers: a toast asked for before the library and its
// container exist appears exactly when due, under React StrictMode (which mounts the container twice), and
// leaves exactly when its time on screen is over, held while pointed at or while the page is hidden.
import { act, fireEvent, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadToasts, notify } from '@/components/ui/notify';
import { ToastHost } from '@/components/ui/toast-host';

/** Lets the lazy library, React's commits and the host's hand-over run (none of them wait on timers). */
async function settle() {
  await act(async () => {
    await loadToasts();
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
  });
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function toastWith(text: string): HTMLElement | null {
  return (
    [...document.querySelectorAll<HTMLElement>('.Toastify__toast')].find((t) => t.textContent === text) ??
    null
  );
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    value: hidden ? 'hidden' : 'visible',
    configurable: true,
  });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

beforeEach(() => {
  // React's own scheduler keeps real time; the toasts' timers and clock are the test's.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});

afterEach(() => {
  setHidden(false);
  vi.useRealTimers();
});

describe('toast host', () => {
  it('shows a delayed toast exactly when due, though the library and container came after the call', async () => {
    render(
      <StrictMode>
        <ToastHost />
      </StrictMode>,
    );
    // The action succeeded before anything of react-toastify was in the page.
    notify('success', 'it is Added to cart', { delay: 3000, autoClose: 2000, position: 'top-right' });
    await settle();
    expect(document.querySelector('.Toastify')).not.toBeNull();

    advance(2999);
    expect(toastWith('it is Added to cart')).toBeNull();
    advance(1);
    const toast = toastWith('it is Added to cart')!;
    expect(toast).not.toBeNull();
    expect(toast).toHaveAttribute('role', 'alert');
    expect(toast.closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--top-right');
    expect(toast).toHaveAttribute('data-in', 'true');

    // On screen 2000 ms from its appearance, then it leaves.
    advance(1999);
    expect(toast).toHaveAttribute('data-in', 'true');
    advance(1);
    expect(toast).toHaveAttribute('data-in', 'false');
  });

  it('keeps a toast while the pointer rests on it, then gives it the rest of its time', async () => {
    render(<ToastHost />);
    notify('success', 'welcome back', { autoClose: 2000, position: 'top-center' });
    await settle();
    const toast = toastWith('welcome back')!;
    expect(toast.closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--top-center');

    advance(500);
    // Over the toast's icon: the event bubbles up to the host like any pointer over any part of it.
    fireEvent.pointerOver(toast.firstElementChild!);
    advance(10_000);
    expect(toast).toHaveAttribute('data-in', 'true');
    fireEvent.pointerOut(toast, { relatedTarget: document.body });
    advance(1499);
    expect(toast).toHaveAttribute('data-in', 'true');
    advance(1);
    expect(toast).toHaveAttribute('data-in', 'false');
  });

  it('waits for the page to be visible to show a toast that fell due while it was hidden', async () => {
    render(<ToastHost />);
    notify('success', 'count is Updated', { delay: 3000, autoClose: 2000 });
    await settle();
    advance(1000);
    setHidden(true);
    advance(20_000);
    expect(toastWith('count is Updated')).toBeNull();
    setHidden(false);
    const toast = toastWith('count is Updated')!;
    expect(toast).toHaveAttribute('data-in', 'true');
    advance(1999);
    expect(toast).toHaveAttribute('data-in', 'true');
    advance(1);
    expect(toast).toHaveAttribute('data-in', 'false');
  });
});
