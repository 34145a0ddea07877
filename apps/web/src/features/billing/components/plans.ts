export type Plan = {
  id: string;
  name: string;
  priceCents: number;
  tagline: string;
  features: string[];
  isFeatured?: boolean;
};

export const plans: Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    priceCents: 900,
    tagline: 'For artists releasing their first tracks.',
    features: ['YouTube analytics', 'Weekly insights', '1 connected platform'],
  },
  {
    id: 'pro',
    name: 'Pro',
    priceCents: 2400,
    tagline: 'For artists building a fanbase.',
    features: ['YouTube & Meta analytics', 'Audience & ROI reports', 'AI assistant', 'Exports'],
    isFeatured: true,
  },
  {
    id: 'team',
    name: 'Team',
    priceCents: 7900,
    tagline: 'For managers and small labels.',
    features: ['Everything in Pro', 'Up to 5 artists', 'Priority support'],
  },
];

export function findPlan(id: string | null): Plan | undefined {
  return plans.find((plan) => plan.id === id);
}

export function formatPrice(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}
