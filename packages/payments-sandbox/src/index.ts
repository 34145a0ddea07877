export { paymentsSandbox } from './plugin';
export { PaymentsSandbox } from './sandbox';
export type { PaymentsPersistence } from './persistence';
export { signWebhookPayload } from './signature';
export { decidePaymentOutcome, validatePaymentMethod, addOneMonth } from './outcome';
export {
  DEFAULT_SANDBOX_PRICES,
  PAYMENT_DECLINED_MESSAGE,
  PAYMENT_ERROR_MESSAGE,
  PAYMENT_INTENT_NOT_FOUND,
  type PaymentsSandboxOptions,
  type SandboxPrice,
  type WebhookDeliverer,
} from './options';
