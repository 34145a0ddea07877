// Exact sums of the statements' decimal strings: a float adds up 200,000 lines of six-decimal
// earnings with visible drift, and totals must equal the lines to the cent.

/** The statement lines' scale (`numeric(24, 10)`): amounts are held as integers of 1e-10. */
const scale = 10;
const unit = 10n ** BigInt(scale);

/** `-12.3456` → -123456000000n (rounded half away from zero past the tenth decimal). */
export function parseDecimal(value: string): bigint {
  const match = /^\s*([+-]?)(\d*)(?:\.(\d*))?\s*$/.exec(value);
  if (!match || (match[2] === '' && !match[3])) throw new Error(`not a decimal: ${value}`);
  const [, sign, whole = '', fraction = ''] = match;
  const kept = fraction.slice(0, scale).padEnd(scale, '0');
  let amount = BigInt(whole || '0') * unit + BigInt(kept);
  if (fraction.length > scale && fraction.charCodeAt(scale) >= 53) amount += 1n;
  return sign === '-' ? -amount : amount;
}

/** Rounds a scaled amount to the cent (half away from zero) as a number of currency units. */
export function toCents(amount: bigint): number {
  const centUnit = unit / 100n;
  const magnitude = amount < 0n ? -amount : amount;
  const cents = (magnitude + centUnit / 2n) / centUnit;
  return (amount < 0n ? -Number(cents) : Number(cents)) / 100;
}

/** Running totals per currency. */
export class CurrencyTotals {
  private readonly amounts = new Map<string, bigint>();

  add(currency: string, earnings: string): void {
    this.amounts.set(currency, (this.amounts.get(currency) ?? 0n) + parseDecimal(earnings));
  }

  /** Per currency, rounded to the cent, largest first. */
  toList(): { currency: string; amount: number }[] {
    return [...this.amounts]
      .map(([currency, amount]) => ({ currency, amount: toCents(amount) }))
      .sort(
        (left, right) =>
          Math.abs(right.amount) - Math.abs(left.amount) ||
          left.currency.localeCompare(right.currency),
      );
  }
}
