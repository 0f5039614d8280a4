// BackgroundTasks: work a request starts and does not wait for; `queue` keeps one key's tasks in the order asked.
import { describe, expect, it, vi } from 'vitest';
import { BackgroundTasks } from '@/server/background';

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('BackgroundTasks.queue', () => {
  it('runs a key’s second task only after its first, however long the first takes', async () => {
    const tasks = new BackgroundTasks({ error: vi.fn() });
    const done: string[] = [];
    const slow = gate();
    tasks.queue('order-1', 'placed mail', async () => {
      await slow.promise;
      done.push('placed');
    });
    tasks.queue('order-1', 'cancelled mail', async () => {
      done.push('cancelled');
    });
    tasks.queue('order-2', 'other order', async () => {
      done.push('other');
    });
    await Promise.resolve();
    await new Promise((r) => setImmediate(r));
    expect(done).toEqual(['other']);
    slow.open();
    await tasks.idle();
    expect(done).toEqual(['other', 'placed', 'cancelled']);
  });

  it('logs a failed task with its fields and still runs the next one of its key', async () => {
    const error = vi.fn();
    const tasks = new BackgroundTasks({ error });
    const done: string[] = [];
    tasks.queue('order-1', 'order mail (placed)', () => Promise.reject(new Error('SMTP down')), {
      orderId: 'order-1',
    });
    tasks.queue('order-1', 'order mail (cancelled)', async () => {
      done.push('cancelled');
    });
    await tasks.idle();
    expect(done).toEqual(['cancelled']);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]![0]).toMatchObject({ orderId: 'order-1', err: { message: 'SMTP down' } });
    expect(error.mock.calls[0]![1]).toBe('order mail (placed) failed');
  });
});
