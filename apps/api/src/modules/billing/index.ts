/** The billing module's public surface: other modules import billing only from here. */
export {
  assertCanConnectAccount,
  assertNotOverLimit,
  assertWithinLimit,
  planLimitError,
  createHistoryWindowKey,
  enforceHistoryWindow,
  readHistoryWindow,
  type HistoryWindow,
  getEntitlements,
  recordUsage,
  resolveBestPlan,
  resolveEffectivePlan,
  type Entitlements,
  type SubscriptionStanding,
} from './entitlements.service';
export { billingRoutes } from './billing.routes';
export { sendCsvExport } from './csv-export';
export { webhookRoutes } from './webhook.routes';
export { createPaymentsProvider, type PaymentsProvider } from './payments-provider';
export { createSandboxFetch } from './sandbox-fetch';
export { createPaymentsSandboxPersistence } from './sandbox-persistence';
export { createTierPublisher } from './clerk-tier';
export { reconcilePublishedTier } from './tier-sync.service';
export type { BillingServices } from './webhooks.service';
