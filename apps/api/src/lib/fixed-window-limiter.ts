/**
 * Counts events per key in fixed windows. In-process on purpose: limits are per instance, which
 * bounds abuse of each process without a shared store (documented in docs/ARCHITECTURE.md).
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweep: NodeJS.Timeout;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {
    this.sweep = setInterval(() => this.dropExpired(), windowMs);
    this.sweep.unref();
  }

  /** Seconds until the key may act again, or 0 when it is under its limit. */
  retryAfterSeconds(key: string, now = Date.now()): number {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now || window.count < this.limit) return 0;
    return Math.max(1, Math.ceil((window.resetAt - now) / 1000));
  }

  /** Records one event; returns the seconds to wait when this event went over the limit. */
  hit(key: string, now = Date.now()): number {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count > this.limit ? Math.max(1, Math.ceil((window.resetAt - now) / 1000)) : 0;
  }

  close(): void {
    clearInterval(this.sweep);
  }

  private dropExpired(now = Date.now()): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
