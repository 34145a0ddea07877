/**
 * A numeric value as the driver hands it over (`bigint` and `numeric` sums come as text) turned
 * into a number, exactly as `Number(value)` would. Plain digit strings — almost every count and
 * sum — are read digit by digit: for the fresh strings a driver creates, that is two to three
 * times faster than `Number()`, and a 365-day dashboard request converts some 8,000 of them.
 */
export function toNumber(value: string | number | bigint | null): number | null {
  if (value === null) return null;
  if (typeof value !== 'string') return Number(value);
  const length = value.length;
  // Up to 15 digits the running total stays an exact integer (below 2^53).
  if (length === 0 || length > 15) return Number(value);
  let total = 0;
  for (let index = 0; index < length; index += 1) {
    const digit = value.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return Number(value);
    total = total * 10 + digit;
  }
  return total;
}
