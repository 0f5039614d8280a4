import { AppError } from '../errors';

/** Pictures drawn at once (sharp uses the cores itself); more wait their turn, up to a queue. */
export const maxConcurrentRenders = 2;
const maxQueuedRenders = 100;

/** A counting gate: at most `limit` jobs run; `peak` says how many ever ran together (tests read it). */
export class RenderGate {
  running = 0;
  peak = 0;
  private waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= maxQueuedRenders)
        throw new AppError(503, 'Too many pictures are being drawn right now. Please try again in a moment.');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    this.peak = Math.max(this.peak, this.running);
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next job in line, so `running` never overshoots.
      if (next) next();
      else this.running--;
    }
  }
}

/** One gate per process: every app in it shares the machine's cores. */
export const renderGate = new RenderGate(maxConcurrentRenders);
