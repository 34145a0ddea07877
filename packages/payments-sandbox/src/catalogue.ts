import type { SandboxPrice } from './options';

/** When the catalogue's prices and products were "created": fixed, so answers are stable. */
export const catalogueCreated = 1_704_067_200;

/** Stripe's Price and Product objects for what the sandbox sells (one product per price). */
export function productIdOf(price: SandboxPrice): string {
  return `prod_${price.id.replace(/^price_/, '')}`;
}

export function priceObject(price: SandboxPrice, created: number) {
  return {
    id: price.id,
    object: 'price' as const,
    active: true,
    billing_scheme: 'per_unit',
    created,
    currency: 'usd',
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: productIdOf(price),
    recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
    type: 'recurring',
    unit_amount: price.unitAmount,
  };
}

export function productObject(price: SandboxPrice, created: number) {
  return {
    id: productIdOf(price),
    object: 'product' as const,
    active: true,
    created,
    default_price: price.id,
    description: null,
    livemode: false,
    metadata: {},
    name: price.productName,
    updated: created,
  };
}

/**
 * One page of a Stripe list (`limit` 1–100, default 10; `starting_after` an id on the previous
 * page), or the message of Stripe's 400 for a bad parameter.
 */
export function listPage<T extends { id: string }>(
  items: T[],
  query: Record<string, unknown>,
  url: string,
):
  { object: 'list'; data: T[]; has_more: boolean; url: string } | { error: string; param: string } {
  const limit = query.limit === undefined ? 10 : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    return { error: 'Invalid integer: limit must be between 1 and 100.', param: 'limit' };
  let start = 0;
  if (typeof query.starting_after === 'string') {
    const index = items.findIndex((item) => item.id === query.starting_after);
    if (index < 0)
      return {
        error: `No such object: '${query.starting_after}'`,
        param: 'starting_after',
      };
    start = index + 1;
  }
  const data = items.slice(start, start + limit);
  return { object: 'list', data, has_more: start + limit < items.length, url };
}
