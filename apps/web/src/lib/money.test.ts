import { describe, expect, it } from 'vitest';
import { formatMoney, formatMonth, formatPerUnitMoney } from './money';

describe('money formatting', () => {
  it('shows amounts in the answer’s currency, to the cent', () => {
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney(12, 'EUR')).toBe('€12.00');
    expect(formatMoney(null, 'USD')).toBe('—');
  });

  it('keeps enough decimals for per-stream pay', () => {
    expect(formatPerUnitMoney(0.0031, 'USD')).toBe('$0.0031');
    expect(formatPerUnitMoney(0.004567, 'USD')).toBe('$0.0046');
    expect(formatPerUnitMoney(0.003, 'USD')).toBe('$0.0030');
    expect(formatPerUnitMoney(0.99, 'USD')).toBe('$0.99');
    expect(formatPerUnitMoney(0, 'USD')).toBe('$0.00');
  });

  it('falls back to the code for a currency Intl does not know', () => {
    expect(formatMoney(3, 'NOT-A-CODE')).toBe('3.00 NOT-A-CODE');
  });

  it('names a month', () => {
    expect(formatMonth('2026-03')).toBe('March 2026');
    expect(formatMonth('2026-03-31')).toBe('March 2026');
  });
});
