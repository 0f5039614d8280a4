/**
 * Work a request starts but does not wait for (a reset mail, an order's mail): mailing takes as long as the mail
 * server wants, a shopper's answer must not say, by its timing, whether the address has an account, and an order's
 * change neither waits for its mail nor fails with it. Each task's failure is logged; `idle()` waits for every task
 * started so far (the dev outbox before it reads, the app on close).
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();
  /** The last task started under each key (see `queue`), while it runs. */
  private readonly tails = new Map<string, Promise<void>>();

  constructor(private readonly log: { error(obj: unknown, msg?: string): void }) {}

  /** `fields` go into the failure's log line (an order mail's order id). */
  run(what: string, task: () => Promise<void>, fields: Record<string, unknown> = {}): void {
    const job: Promise<void> = task()
      .catch((err: unknown) => this.log.error({ ...fields, err }, `${what} failed`))
      .finally(() => this.running.delete(job));
    this.running.add(job);
  }

  /**
   * Like `run`, but after the task last queued under the same `key` has settled: an order's mails go out in the order
   * its changes committed ("placed" before "cancelled"), however long each takes to render and send.
   */
  queue(key: string, what: string, task: () => Promise<void>, fields: Record<string, unknown> = {}): void {
    const job = (this.tails.get(key) ?? Promise.resolve()).then(task);
    const tail = job.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    this.run(what, () => job, fields);
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
