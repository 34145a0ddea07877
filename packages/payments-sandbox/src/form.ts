type Nested = { [key: string]: Nested | string };

/**
 * Decodes Stripe's form encoding (`line_items[0][price]=…&metadata[k]=v&expand[0]=…`) into
 * nested objects; objects whose keys are all indices become arrays.
 */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Nested = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const segments = key.replace(/\]/g, '').split('[');
    let node = root;
    segments.forEach((segment, index) => {
      if (index === segments.length - 1) {
        node[segment] = value;
        return;
      }
      const next = node[segment];
      if (typeof next !== 'object') node[segment] = {};
      node = node[segment] as Nested;
    });
  }
  return toArrays(root) as Record<string, unknown>;
}

function toArrays(value: Nested | string): unknown {
  if (typeof value === 'string') return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, toArrays(value[key]!)]));
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((index) => converted[String(index)]);
  }
  return converted;
}
