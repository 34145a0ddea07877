import { DAY_MS, parseDay } from '../dates';
import { MetaApiError } from './errors';

/** Reading insights parameters the way Graph does: the (#100) errors, since/until day ranges. */
export function invalidMetric(index: number, valid: readonly string[]): MetaApiError {
  return new MetaApiError({
    message: `(#100) metric[${index}] must be one of the following values: ${valid.join(', ')}`,
    code: 100,
  });
}

export function metaParamError(message: string): MetaApiError {
  return new MetaApiError({ message: `(#100) ${message}`, code: 100 });
}

/** since/until accept Unix seconds or anything strtotime-like; the sandbox takes YYYY-MM-DD too. */
export function parseMetaTime(text: string, name: string): number {
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const day = parseDay(text);
  if (day !== null) return day * DAY_MS;
  const ms = Date.parse(text);
  if (Number.isNaN(ms))
    throw metaParamError(`The parameter ${name} is not a valid date or Unix timestamp`);
  return ms;
}

export type DayRange = { firstDay: number; lastDay: number };

export function readRange(
  params: Record<string, string>,
  today: number,
  maxDays: number,
): DayRange {
  const sinceMs = params.since ? parseMetaTime(params.since, 'since') : null;
  const untilMs = params.until ? parseMetaTime(params.until, 'until') : null;
  const firstDay =
    sinceMs !== null
      ? Math.floor(sinceMs / DAY_MS)
      : (untilMs !== null ? Math.ceil(untilMs / DAY_MS) : today + 1) - 2;
  const endExclusive =
    untilMs !== null ? Math.ceil(untilMs / DAY_MS) : sinceMs !== null ? today + 1 : firstDay + 2;
  if (endExclusive <= firstDay)
    throw metaParamError('The since parameter must be earlier than the until parameter');
  if (endExclusive - firstDay > maxDays) {
    throw metaParamError(
      `There cannot be more than ${maxDays} days (${maxDays * 86400} s) between since and until`,
    );
  }
  if (firstDay < today - 730)
    throw metaParamError('start time must be no earlier than two years ago');
  return { firstDay, lastDay: endExclusive - 1 };
}
