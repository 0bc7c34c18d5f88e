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

  constructor(
    /** Handles one batch; returns one outcome (or that item's error) per item, in order. */
    private readonly flush: (items: Item[]) => Promise<(Outcome | Error)[]>,
    private readonly options: { maxBatchSize: number; maxConcurrentFlushes: number },
  ) {}

  submit(item: Item): Promise<Outcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
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
          this.pump();
        });
    }
  }
}
