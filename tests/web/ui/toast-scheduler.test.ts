// The toast scheduler on a hand-driven clock: when each toast appears and how long it stays, whatever
// happens around it (the toast library arriving late, a container mounted twice, the page hidden, a
// pointer resting on the toast, earlier toasts).
import { describe, expect, it } from 'vitest';
import { createToastScheduler, type ToastDisplay } from '@/components/ui/toast-scheduler';

function harness() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  let requests = 0;
  const scheduler = createToastScheduler({
    now: () => now,
    setTimer: (run, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimer: (id) => void timers.delete(id as number),
    request: () => void (requests += 1),
  });

  /** Moves the clock to `to`, running timers in order at their own times. */
  function runTo(to: number) {
    for (;;) {
      const next = [...timers.entries()].filter(([, t]) => t.at <= to).sort((a, b) => a[1].at - b[1].at)[0];
      if (!next) break;
      timers.delete(next[0]);
      now = next[1].at;
      next[1].run();
    }
    now = to;
  }

  /** A container: records what it was asked to do; `open` is the container drawing a toast. */
  function container({ opensAtOnce = true } = {}) {
    const log: string[] = [];
    const live = new Map<string, { onOpen: () => void; onClose: () => void }>();
    const display: ToastDisplay = {
      show(id, kind, text, options) {
        log.push(`${now} show ${text} ${options.position ?? ''}`.trim());
        live.set(id, options);
        if (opensAtOnce) open(id);
      },
      dismiss(id) {
        log.push(`${now} dismiss`);
        live.get(id)?.onClose();
        live.delete(id);
      },
    };
    function open(id: string) {
      log.push(`${now} open`);
      live.get(id)?.onOpen();
    }
    function closeByUser(id: string) {
      log.push(`${now} closed by user`);
      live.get(id)?.onClose();
      live.delete(id);
    }
    return { display, log, open, closeByUser, ids: () => [...live.keys()] };
  }

  return { scheduler, runTo, container, requests: () => requests, pending: () => timers.size };
}

describe('toast scheduler', () => {
  it('counts the delay from the call, and asks for the library at once so it loads meanwhile', () => {
    const h = harness();
    const c = h.container();
    h.scheduler.schedule('success', 'it is Added to cart', {
      delay: 3000,
      autoClose: 2000,
      position: 'top-right',
    });
    expect(h.requests()).toBe(1);
    // The library and its container arrive while the delay runs: nothing shows before 3000 ms.
    h.runTo(2500);
    h.scheduler.attach(c.display);
    h.runTo(2999);
    expect(c.log).toEqual([]);
    h.runTo(3000);
    expect(c.log).toEqual(['3000 show it is Added to cart top-right', '3000 open']);
    // On screen for 2000 ms from its appearance.
    h.runTo(4999);
    expect(c.log).toHaveLength(2);
    h.runTo(5000);
    expect(c.log.at(-1)).toBe('5000 dismiss');
    expect(h.pending()).toBe(0);
  });

  it('shows a toast the moment the library arrives when it came later than the delay', () => {
    const h = harness();
    const c = h.container();
    h.scheduler.schedule('success', 'count is Updated', { delay: 3000, autoClose: 2000 });
    h.runTo(4200);
    expect(c.log).toEqual([]);
    h.scheduler.attach(c.display);
    expect(c.log).toEqual(['4200 show count is Updated', '4200 open']);
    h.runTo(6199);
    expect(c.log).toHaveLength(2);
    h.runTo(6200);
    expect(c.log.at(-1)).toBe('6200 dismiss');
  });

  it('counts the time on screen from the moment the container draws the toast', () => {
    const h = harness();
    const c = h.container({ opensAtOnce: false });
    h.scheduler.attach(c.display);
    h.scheduler.schedule('success', 'welcome back', { autoClose: 2000, position: 'top-center' });
    expect(c.log).toEqual(['0 show welcome back top-center']);
    h.runTo(150);
    c.open(c.ids()[0]!);
    h.runTo(2149);
    expect(c.log.at(-1)).toBe('150 open');
    h.runTo(2150);
    expect(c.log.at(-1)).toBe('2150 dismiss');
  });

  it('times every toast alone: an earlier toast, shown and gone, moves nothing', () => {
    const h = harness();
    const c = h.container();
    h.scheduler.attach(c.display);
    h.scheduler.schedule('success', 'Cart item is deleted Sucessfuly', { autoClose: 1000 });
    h.runTo(1000);
    h.runTo(1700);
    h.scheduler.schedule('success', 'count is Updated', { delay: 3000, autoClose: 2000 });
    h.scheduler.schedule('success', 'Cart Shopping is deleted Sucessfuly', { autoClose: 1000 });
    h.runTo(10_000);
    expect(c.log).toEqual([
      '0 show Cart item is deleted Sucessfuly',
      '0 open',
      '1000 dismiss',
      '1700 show Cart Shopping is deleted Sucessfuly',
      '1700 open',
      '2700 dismiss',
      '4700 show count is Updated',
      '4700 open',
      '6700 dismiss',
    ]);
  });

  it('keeps a toast that falls due while the page is hidden until the page is shown again', () => {
    const h = harness();
    const c = h.container();
    h.scheduler.attach(c.display);
    h.scheduler.schedule('success', 'it is Added to cart', { delay: 3000, autoClose: 2000 });
    h.runTo(1000);
    h.scheduler.setHidden(true);
    h.runTo(9000);
    expect(c.log).toEqual([]);
    h.scheduler.setHidden(false);
    expect(c.log).toEqual(['9000 show it is Added to cart', '9000 open']);
    h.runTo(11_000);
    expect(c.log.at(-1)).toBe('11000 dismiss');
  });

  it('pauses the time on screen while the page is hidden and resumes with what was left', () => {
    const h = harness();
    const c = h.container();
    h.scheduler.attach(c.display);
    h.scheduler.schedule('success', 'welcome back', { autoClose: 2000 });
    h.runTo(500);
    h.scheduler.setHidden(true);
    h.runTo(60_000);
    expect(c.log).toEqual(['0 show welcome back', '0 open']);
    h.scheduler.setHidden(false);
    h.runTo(61_499);
    expect(c.log).toHaveLength(2);
    h.runTo(61_500);
    expect(c.log.at(-1)).toBe('61500 dismiss');
  });

  it('holds a toast while the pointer rests on it or focus is in it', () => {
    const h = harness();
    const c = h.container();
    h.scheduler.attach(c.display);
    const id = h.scheduler.schedule('success', 'welcome back', { autoClose: 2000 });
    h.runTo(800);
    h.scheduler.hold(id, 'pointer');
    h.runTo(5000);
    h.scheduler.hold(id, 'focus');
    h.scheduler.release(id, 'pointer');
    h.runTo(7000);
    expect(c.log).toEqual(['0 show welcome back', '0 open']);
    h.scheduler.release(id, 'focus');
    h.runTo(8199);
    expect(c.log).toHaveLength(2);
    h.runTo(8200);
    expect(c.log.at(-1)).toBe('8200 dismiss');
  });

  it('forgets a toast the shopper closed: no late dismissal', () => {
    const h = harness();
    const c = h.container();
    h.scheduler.attach(c.display);
    const id = h.scheduler.schedule('error', 'error occured', { autoClose: 2000 });
    h.runTo(300);
    c.closeByUser(id);
    h.runTo(5000);
    expect(c.log).toEqual(['0 show error occured', '0 open', '300 closed by user']);
    expect(h.pending()).toBe(0);
  });

  it('hands toasts only to the container that is mounted, and drops them with the page when it goes', () => {
    const h = harness();
    const first = h.container();
    h.scheduler.attach(first.display);
    h.scheduler.schedule('success', 'it is Added to cart', { delay: 3000, autoClose: 2000 });
    h.runTo(1000);
    h.scheduler.detach(first.display);
    const second = h.container();
    h.scheduler.attach(second.display);
    h.runTo(10_000);
    expect(first.log).toEqual([]);
    expect(second.log).toEqual([]);
    expect(h.pending()).toBe(0);

    // A stale detach (an older container) does not unplug the current one.
    h.scheduler.detach(first.display);
    h.scheduler.schedule('success', 'welcome back', { autoClose: 2000 });
    expect(second.log).toEqual(['10000 show welcome back', '10000 open']);
  });

  it("uses react-toastify's 5000 ms when no duration is given", () => {
    const h = harness();
    const c = h.container();
    h.scheduler.attach(c.display);
    h.scheduler.schedule('success', 'Success to created order');
    h.runTo(4999);
    expect(c.log).toHaveLength(2);
    h.runTo(5000);
    expect(c.log.at(-1)).toBe('5000 dismiss');
  });
});
