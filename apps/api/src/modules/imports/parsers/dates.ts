/**
 * Dates as the statements write them: ISO (`2023-02-02`, `2021-04`), US slashes with an optional
 * time (`10/15/2023 12:00:00 AM`, CD Baby; `11/25/22 5:45pm`, Bandcamp), day-first slashes or dots
 * (`31/01/2023`, `31.01.2023`) and month names (`Jan 2023`, `January 15, 2023`, `15 Jan 2023`).
 * A slashed date whose first part cannot be a month is read day first; otherwise the format's
 * own order decides.
 */

export type SlashOrder = 'month-first' | 'day-first';

const monthNames = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
];

/** `YYYY-MM-DD`, or null when the text is no date (a month alone gives its first day). */
export function parseDay(raw: string, order: SlashOrder = 'month-first'): string | null {
  const text = raw.trim().replace(/\s+/g, ' ');
  if (text.length === 0) return null;

  let match = /^(\d{4})[-/.](\d{1,2})(?:[-/.](\d{1,2}))?(?:[T ].*)?$/.exec(text);
  if (match) return formatDay(Number(match[1]), Number(match[2]), Number(match[3] ?? 1));

  match = /^(\d{4})(\d{2})(\d{2})?$/.exec(text);
  if (match) return formatDay(Number(match[1]), Number(match[2]), Number(match[3] ?? 1));

  match = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{2}|\d{4})(?:[ T].*)?$/.exec(text);
  if (match) {
    const first = Number(match[1]);
    const second = Number(match[3]);
    const year = expandYear(match[4]!);
    const isDayFirst = match[2] === '.' || first > 12 || (order === 'day-first' && second <= 12);
    return isDayFirst ? formatDay(year, second, first) : formatDay(year, first, second);
  }

  match = /^(\d{1,2})[/.-](\d{4})$/.exec(text);
  if (match) return formatDay(Number(match[2]), Number(match[1]), 1);

  // Month names: `Jan 2023`, `January 15, 2023`, `15 Jan 2023`, `2023 Jan`, `Jan-23`.
  match = /^([a-z]+)\.?[ -](\d{1,2}),? (\d{4})$/i.exec(text);
  if (match) return formatNamedDay(match[3]!, match[1]!, match[2]!);
  match = /^(\d{1,2})[ -]([a-z]+)\.?[ -,]*(\d{2}|\d{4})$/i.exec(text);
  if (match) return formatNamedDay(match[3]!, match[2]!, match[1]!);
  match = /^([a-z]+)\.?[ -](\d{2}|\d{4})$/i.exec(text);
  if (match) return formatNamedDay(match[2]!, match[1]!, '1');
  match = /^(\d{4})[ -]([a-z]+)$/i.exec(text);
  if (match) return formatNamedDay(match[1]!, match[2]!, '1');
  return null;
}

/** `YYYY-MM` of a date or month, or null when the text is no date. */
export function parseMonth(raw: string, order: SlashOrder = 'month-first'): string | null {
  return parseDay(raw, order)?.slice(0, 7) ?? null;
}

function formatNamedDay(year: string, monthName: string, day: string): string | null {
  const month = monthNames.indexOf(monthName.slice(0, 3).toLowerCase()) + 1;
  if (month === 0) return null;
  return formatDay(expandYear(year), month, Number(day));
}

function expandYear(text: string): number {
  const year = Number(text);
  return text.length === 2 ? 2000 + year : year;
}

function formatDay(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
