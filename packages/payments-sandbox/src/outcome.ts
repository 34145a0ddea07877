import {
  PAYMENT_DECLINE_RATE,
  PAYMENT_DECLINED_MESSAGE,
  PAYMENT_ERROR_MESSAGE,
  PAYMENT_SUCCESS_RATE,
} from './options';

export type PaymentMethodInput =
  { type: 'card'; number: string; expiry: string; cvc: string } | { type: 'paypal' };

export type PaymentOutcome =
  | { status: 'succeeded' }
  | { status: 'declined'; code: 'card_declined' | 'insufficient_funds'; message: string }
  | { status: 'error'; message: string };

/** Stripe's documented test cards force their outcome; anything else follows the spec's odds. */
const testCards: Record<string, PaymentOutcome> = {
  '4242424242424242': { status: 'succeeded' },
  '4000000000000002': {
    status: 'declined',
    code: 'card_declined',
    message: PAYMENT_DECLINED_MESSAGE,
  },
  '4000000000009995': {
    status: 'declined',
    code: 'insufficient_funds',
    message: PAYMENT_DECLINED_MESSAGE,
  },
};

export function normalizeCardNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function decidePaymentOutcome(
  method: PaymentMethodInput,
  random: () => number,
): PaymentOutcome {
  if (method.type === 'card') {
    const forced = testCards[normalizeCardNumber(method.number)];
    if (forced) return forced;
  }
  const roll = random();
  if (roll < PAYMENT_SUCCESS_RATE) return { status: 'succeeded' };
  if (roll < PAYMENT_SUCCESS_RATE + PAYMENT_DECLINE_RATE) {
    return { status: 'declined', code: 'card_declined', message: PAYMENT_DECLINED_MESSAGE };
  }
  return { status: 'error', message: PAYMENT_ERROR_MESSAGE };
}

/** A problem with what was typed, or null. Card numbers must pass the Luhn check. */
export function validatePaymentMethod(method: PaymentMethodInput): string | null {
  if (method.type === 'paypal') return null;
  const digits = normalizeCardNumber(method.number);
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return 'Your card number is invalid.';
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(method.expiry.trim());
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) return 'Enter the expiry date as MM / YY.';
  if (!/^\d{3,4}$/.test(method.cvc.trim())) return 'Your card’s security code is incomplete.';
  return null;
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function detectCardBrand(number: string): string {
  const digits = normalizeCardNumber(number);
  if (digits.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(digits) || /^2[2-7]/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/** Adds one calendar month, clamping to the month's last day (Jan 31 → Feb 28). */
export function addOneMonth(date: Date): Date {
  const next = new Date(date.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}
