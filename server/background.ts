/**
 * Work a request starts but does not wait for (a reset mail, an order's mail): mailing takes as long as the mail
 * server wants, a shopper's answer must not say, by its timing, whether the address has an account, and an order's
 * change neither waits for its mail nor fails with it. Each task's failure is logged; `idle()` waits for every task
 * started so far (the dev outbox before it reads, the app on close).
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: { error(obj: unknown, msg?: string): void }) {}

  /** `fields` go into the failure's log line (an order mail's order id). */
  run(what: string, task: () => Promise<void>, fields: Record<string, unknown> = {}): void {
    const job: Promise<void> = task()
      .catch((err: unknown) => this.log.error({ ...fields, err }, `${what} failed`))
      .finally(() => this.running.delete(job));
    this.running.add(job);
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
