/** ISRC shape once normalised: country (2 letters), registrant (3), year (2), designation (5). */
const isrcPattern = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;

/**
 * `US-S1Z-24-00001`, `us s1z 24 00001` and `USS1Z2400001` are one recording: dashes, spaces and
 * dots stripped, upper case. Null when what is left is not an ISRC.
 */
export function normalizeIsrc(raw: string): string | null {
  const text = raw
    .replace(/^ISRC[:\s]*/i, '')
    .replace(/[\s\-.\u2010-\u2013]/g, '')
    .toUpperCase();
  return isrcPattern.test(text) ? text : null;
}

/**
 * UPC/EAN digits only (Excel may have written `="880000000001"` or `8.80000000001E+11`-free
 * quoted text); null when no 8–14 digit code is left.
 */
export function normalizeUpc(raw: string): string | null {
  const digits = raw.replace(/\D/g, '');
  return digits.length >= 8 && digits.length <= 14 ? digits : null;
}
