import {
  findPlanThatLifts,
  planLimitLabels,
  planLimitNames,
  type UsageResponse,
} from '@crescendo/contracts';
import type { Database } from '../../db/client';
import { listInvoices } from './billing.repository';
import { getEntitlements, readUsage } from './entitlements.service';

/** `GET /api/dashboard/usage`: the plan, the period, each limit with its use, and billing. */
export async function getUsage(
  db: Database,
  organizationId: string,
  now = new Date(),
): Promise<UsageResponse> {
  const entitlements = await getEntitlements(db, organizationId, now);
  const { plan, account } = entitlements;
  const [limits, invoices] = await Promise.all([
    Promise.all(
      planLimitNames.map(async (name) => {
        const allowed = plan.limits[name];
        const used =
          name === 'historyDays'
            ? (allowed ?? 0)
            : await readUsage(db, organizationId, name, entitlements);
        return {
          name,
          label: planLimitLabels[name],
          used,
          allowed,
          isOverLimit: allowed !== null && name !== 'historyDays' && used > allowed,
          upgradePlan: findPlanThatLifts(name, allowed ?? used),
        };
      }),
    ),
    listInvoices(db, organizationId),
  ]);
  return {
    plan: { id: plan.id, name: plan.name, priceCents: plan.priceCents },
    subscription: {
      status: entitlements.status,
      cancelAtPeriodEnd: entitlements.cancelAtPeriodEnd,
      graceEndsAt: entitlements.graceEndsAt?.toISOString() ?? null,
    },
    period: {
      start: entitlements.period.start.toISOString(),
      end: entitlements.period.end.toISOString(),
    },
    renewsAt: entitlements.renewsAt?.toISOString() ?? null,
    limits,
    paymentMethod: account?.paymentMethodBrand
      ? { brand: account.paymentMethodBrand, last4: account.paymentMethodLast4 ?? '' }
      : null,
    invoices,
    canManageBilling: Boolean(account?.subscriptionId),
  };
}
