/**
 * CSV for spreadsheets (RFC 4180) that cannot run formulas: a cell starting with = + - @, a tab
 * or a carriage return is prefixed with a single quote, so Excel and Sheets show it as text.
 */
const formulaStart = /^[=+\-@\t\r]/;

export function escapeCsvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(headers: string[], rows: unknown[][]): string {
  const lines = [headers, ...rows].map((row) => row.map(escapeCsvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
