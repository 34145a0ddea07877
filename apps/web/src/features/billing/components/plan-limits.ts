import type { Plan, PlanLimitName } from '@crescendo/contracts';

const phrases: Record<PlanLimitName, (value: number | null) => string> = {
  connectedAccounts: (value) => `${value ?? 'Unlimited'} connected accounts`,
  historyDays: (value) => (value === null ? 'All history' : `${value} days of history`),
  assistantMessages: (value) => `${value ?? 'Unlimited'} assistant messages a month`,
  exports: (value) => `${value ?? 'Unlimited'} exports a month`,
  campaigns: (value) => `${value ?? 'Unlimited'} campaigns`,
  artists: (value) => (value === 1 ? '1 artist' : `${value ?? 'Unlimited'} artists`),
};

/** A plan's limits as short sentences for the pricing cards. */
export function describeLimits(plan: Plan): string[] {
  return (Object.keys(phrases) as PlanLimitName[]).map((name) => phrases[name](plan.limits[name]));
}
