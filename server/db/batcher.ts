/**
 * Groups concurrent calls into batches: a call starts a flush at once when a flush slot is free,
 * otherwise it waits and joins the next batch. A lone upload therefore waits for nothing, and under
 * load many uploads share one statement and one commit (one WAL flush) instead of one each. Every
 * caller is answered only after its batch has committed, so an acknowledgement is always durable.
 */
export class Batcher<Item, Outcome> {
  private readonly queue: { item: Item; resolve(outcome: Outcome): void; reject(error: unknown): void }[] =
    [];
  private running = 0;
  /** Calls submitted so far, and calls answered so far (in the order they were submitted). */
  private submitted = 0;
  private settled = 0;
  private readonly waiters: { until: number; resolve(): void }[] = [];

  constructor(
    /** Handles one batch; returns one outcome (or that item's error) per item, in order. */
    private readonly flush: (items: Item[]) => Promise<(Outcome | Error)[]>,
    private readonly options: { maxBatchSize: number; maxConcurrentFlushes: number },
  ) {}

  submit(item: Item): Promise<Outcome> {
    this.submitted += 1;
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
  }

  /**
   * Resolves when the writes have gone quiet: every call submitted so far answered and none new
   * during one more turn of the event loop (requests whose bytes were waiting are read in it), or
   * after `maxWaitMs` whatever the load. A reader that takes turns with the writes (the Verlauf on
   * PGlite, whose queries hold the server's one thread) waits for this before each of its chunks,
   * so that uploads go first but a steady stream of them cannot starve it.
   */
  async quiet(maxWaitMs: number): Promise<void> {
    const deadline = performance.now() + maxWaitMs;
    for (;;) {
      const seen = this.submitted;
      if (this.settled < seen) {
        await new Promise<void>((resolve) => this.waiters.push({ until: seen, resolve }));
      }
      await new Promise((resolve) => setImmediate(resolve));
      if (this.submitted === seen || performance.now() >= deadline) return;
    }
  }

  private answered(count: number): void {
    this.settled += count;
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const waiter = this.waiters[i];
      if (waiter && waiter.until <= this.settled) {
        this.waiters.splice(i, 1);
        waiter.resolve();
      }
    }
  }

  private pump(): void {
    while (this.running < this.options.maxConcurrentFlushes && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxBatchSize);
      this.running += 1;
      this.flush(batch.map((entry) => entry.item))
        .then(
          (outcomes) => {
            batch.forEach((entry, index) => {
              const outcome = outcomes[index];
              if (outcome instanceof Error) entry.reject(outcome);
              else if (outcome === undefined) entry.reject(new Error('batch returned too few outcomes'));
              else entry.resolve(outcome);
            });
          },
          (error: unknown) => {
            for (const entry of batch) entry.reject(error);
          },
        )
        .finally(() => {
          this.running -= 1;
          this.answered(batch.length);
          this.pump();
        });
    }
  }
}
