/**
 * The sandbox's notion of "now". Pinned (frozen) when the options give a time, so tests that
 * depend on token expiry or the analytics data lag do not race the wall clock.
 */
export class SandboxClock {
  private pinnedMs: number | null;
  private offsetMs = 0;
  private readonly initialPinnedMs: number | null;

  constructor(now?: Date | string | number) {
    this.pinnedMs = now === undefined ? null : toMs(now);
    this.initialPinnedMs = this.pinnedMs;
  }

  nowMs(): number {
    return this.pinnedMs ?? Date.now() + this.offsetMs;
  }

  isPinned(): boolean {
    return this.pinnedMs !== null;
  }

  set(now: Date | string | number): void {
    this.pinnedMs = toMs(now);
  }

  advance(ms: number): void {
    if (this.pinnedMs === null) this.offsetMs += ms;
    else this.pinnedMs += ms;
  }

  reset(): void {
    this.pinnedMs = this.initialPinnedMs;
    this.offsetMs = 0;
  }
}

function toMs(value: Date | string | number): number {
  const ms = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (Number.isNaN(ms)) throw new Error(`Invalid sandbox time: ${String(value)}`);
  return ms;
}
