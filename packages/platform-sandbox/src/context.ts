import type { FastifyRequest } from 'fastify';
import { SandboxClock } from './clock';
import { dayOf, pacificDayKey } from './dates';
import { FaultStore } from './faults';
import { TokenStore } from './oauth/token-store';
import { resolveOptions, type PlatformSandboxOptions, type ResolvedOptions } from './options';
import { SandboxWorld } from './personas/world';

/** Everything one mounted sandbox holds: created per registration, so instances never share. */
export type SandboxContext = {
  options: ResolvedOptions;
  clock: SandboxClock;
  world: SandboxWorld;
  tokens: TokenStore;
  faults: FaultStore;
  quota: QuotaCounter;
  today(): number;
  /** The sandbox's public base URL as seen by a request (set by the plugin, which knows its prefix). */
  publicBaseOf(request: FastifyRequest): string;
};

export class QuotaCounter {
  private dayKey = '';
  private used = 0;

  constructor(private readonly limit: number) {}

  /** Charges units for the Pacific day of `nowMs`; false when the charge would exceed the limit. */
  charge(nowMs: number, units: number): boolean {
    const key = pacificDayKey(nowMs);
    if (key !== this.dayKey) {
      this.dayKey = key;
      this.used = 0;
    }
    if (this.used + units > this.limit) return false;
    this.used += units;
    return true;
  }

  snapshot(nowMs: number): { day: string; used: number; limit: number } {
    const key = pacificDayKey(nowMs);
    return { day: key, used: key === this.dayKey ? this.used : 0, limit: this.limit };
  }

  reset(): void {
    this.used = 0;
  }
}

export function createSandboxContext(input: PlatformSandboxOptions): SandboxContext {
  const options = resolveOptions(input);
  const clock = new SandboxClock(options.now);
  const world = new SandboxWorld(options.seed, dayOf(clock.nowMs()));
  const tokens = new TokenStore(
    {
      googleClientId: options.googleClients[0]?.clientId ?? '',
      metaAppId: options.metaApps[0]?.appId ?? '',
      tiktokClientKey: options.tiktokClients[0]?.clientKey ?? '',
      pageIdOf: (personaId) => world.persona(personaId).page.id,
    },
    clock.nowMs(),
    options.tokenPersistence,
  );
  return {
    options,
    clock,
    world,
    tokens,
    faults: new FaultStore(),
    quota: new QuotaCounter(options.youtubeDailyQuota),
    today: () => dayOf(clock.nowMs()),
    publicBaseOf: (request) => `${request.protocol}://${request.host}`,
  };
}
