import type { Clock } from './clock';
import { MAX_RETRY_DELAY_MS } from './policy';

/** The one retry timer of an outbox: set for the earliest retry time, re-checked in steps. */
export class RetryTimer {
  private timer: { handle: unknown; at: number } | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly onFire: () => void,
  ) {}

  /** Fires at `next` (epoch ms) unless it already fires earlier; no retry time stops it. */
  scheduleFor(next: number): void {
    if (!Number.isFinite(next)) {
      this.stop();
      return;
    }
    if (this.timer && this.timer.at <= next) return;
    this.stop();
    // At most MAX_RETRY_DELAY_MS: a day-long wait is re-checked in steps, which keeps browsers'
    // 32-bit timer limit out of reach and notices a clock that was set back meanwhile.
    const delay = Math.min(MAX_RETRY_DELAY_MS, Math.max(0, next - this.clock.now()));
    const handle = this.clock.setTimeout(() => {
      this.timer = undefined;
      this.onFire();
    }, delay);
    this.timer = { handle, at: this.clock.now() + delay };
  }

  stop(): void {
    if (this.timer) this.clock.clearTimeout(this.timer.handle);
    this.timer = undefined;
  }
}
