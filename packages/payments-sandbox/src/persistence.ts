import type { PaymentsStore } from './store';

/**
 * Where the sandbox keeps its objects between runs: key → JSON-ready value. The API stores them in
 * its database, so a restart of `npm start` keeps every customer and subscription the product
 * points at. Without it the sandbox lives in memory only (tests, the standalone demo).
 */
export type PaymentsPersistence = {
  loadAll(): Promise<[string, unknown][]>;
  save(entries: [string, unknown][]): Promise<void>;
};

type Collection = Map<string, unknown>;

/** The store's maps by the key prefix they are saved under. */
function collectionsOf(store: PaymentsStore): Record<string, Collection> {
  return {
    customer: store.customers,
    payment_method: store.paymentMethods,
    checkout_session: store.sessions,
    subscription: store.subscriptions,
    invoice: store.invoices,
    portal_session: store.portalSessions,
    idempotency: store.idempotent,
  };
}

const countersKey = 'store:counters';

/**
 * Saves what changed since the last save: every object is compared with the JSON last written,
 * so the many places that change an object need not report it. Sent events and request counts
 * stay in memory (a delivery log and a test aid, not state the product depends on).
 */
export class StorePersister {
  private readonly saved = new Map<string, string>();
  private restored: Promise<void> | null = null;
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: PaymentsStore,
    private readonly persistence: PaymentsPersistence,
  ) {}

  /** Loads what a previous run saved, once. */
  restore(): Promise<void> {
    this.restored ??= (async () => {
      const collections = collectionsOf(this.store);
      for (const [key, value] of await this.persistence.loadAll()) {
        this.saved.set(key, JSON.stringify(value));
        if (key === countersKey) {
          this.store.restoreCounters(value as ReturnType<PaymentsStore['counters']>);
          continue;
        }
        const separator = key.indexOf(':');
        const collection = collections[key.slice(0, separator)];
        collection?.set(key.slice(separator + 1), value);
      }
    })();
    return this.restored;
  }

  /** Writes every object that changed; saves run one after another, in order. */
  save(): Promise<void> {
    const run = this.saving.then(async () => {
      const changed: [string, unknown][] = [];
      const consider = (key: string, value: unknown) => {
        const json = JSON.stringify(value);
        if (this.saved.get(key) === json) return;
        this.saved.set(key, json);
        changed.push([key, JSON.parse(json) as unknown]);
      };
      for (const [prefix, collection] of Object.entries(collectionsOf(this.store))) {
        for (const [id, value] of collection) consider(`${prefix}:${id}`, value);
      }
      consider(countersKey, this.store.counters());
      if (changed.length > 0) await this.persistence.save(changed);
    });
    this.saving = run.catch(() => undefined);
    return run;
  }
}
