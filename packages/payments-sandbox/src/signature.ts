import crypto from 'node:crypto';

/**
 * The `Stripe-Signature` header for a payload: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "t.payload">`, the same as `stripe.webhooks.generateTestHeaderString`.
 */
export function signWebhookPayload(
  payload: string,
  secret: string,
  timestampSeconds: number,
): string {
  const signature = crypto
    .createHmac('sha256', secret)
    .update(`${timestampSeconds}.${payload}`, 'utf8')
    .digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}
