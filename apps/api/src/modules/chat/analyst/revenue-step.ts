import type { EarningsRow } from '@crescendo/contracts';
import { composeRevenue, type RevenueOutput } from './compose-revenue';
import { formatDay } from './formatting';
import { addDays } from '../../../lib/days';
import { resolvePeriod } from './periods';
import type { ToolRecord, Step, ToolCall } from './turn';
import type { QuestionPlan } from './understand-question';

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

const storesCall: ToolCall = {
  id: 'stores',
  toolName: 'get_revenue',
  input: { range: 'all', groupBy: 'store' },
};

/** The statements' store whose key or name the question's word names ("apple music"). */
function findStore(word: string, rows: EarningsRow[]): EarningsRow | null {
  const wanted = word.toLowerCase();
  const asKey = wanted.replace(/\s+/g, '_');
  return (
    rows.find((row) => row.key === asKey) ??
    rows.find((row) => row.label.toLowerCase() === wanted) ??
    rows.find((row) => row.key.startsWith(asKey) || row.label.toLowerCase().startsWith(wanted)) ??
    null
  );
}

/**
 * A statement-money question: the stores first when one is named (the statements' own keys),
 * then the revenue read for the period, then the answer from its figures only. Statements have
 * no "last complete day": relative periods end yesterday, and "last quarter" is the calendar's.
 */
export function decideRevenueStep(
  plan: QuestionPlan,
  records: Map<string, ToolRecord>,
  today: string,
): Step {
  const revenue = plan.revenue!;
  if (revenue.storeWord && !records.has('stores')) return { kind: 'tools', calls: [storesCall] };
  const failed = [...records.values()].find((record) => record.isError);
  if (failed) {
    return {
      kind: 'text',
      text: 'I could not read your statements just now. Your question is saved: try again in a moment.',
    };
  }
  let store: EarningsRow | null = null;
  if (revenue.storeWord) {
    const stores = records.get('stores')!.output as RevenueOutput;
    store = findStore(revenue.storeWord, stores.rows);
    if (!store) {
      const name = revenue.storeWord.replace(/\b\w/g, (letter) => letter.toUpperCase());
      return {
        kind: 'text',
        text:
          stores.reportedThrough.length === 0
            ? 'No distributor or store statement is imported yet, so I cannot tell what you earned. Import one in **Settings → Imports** and ask me again.'
            : `None of your imported statements has a line from ${name}, so there are no earnings from it to show.`,
      };
    }
  }
  const yesterday = addDays(today, -1);
  const period = plan.periods[0];
  const resolved = revenue.quarter
    ? { from: revenue.quarter.from, to: revenue.quarter.to }
    : period && period.kind !== 'since-content'
      ? resolvePeriod(period, yesterday, null)
      : null;
  const window: Record<string, unknown> = resolved
    ? resolved.range
      ? { range: resolved.range }
      : { from: resolved.from, to: resolved.to }
    : { range: 'all' };
  const call: ToolCall = {
    id: 'answer-0',
    toolName: 'get_revenue',
    input: {
      ...window,
      groupBy: revenue.groupBy,
      ...(store ? { store: store.key } : {}),
      ...(revenue.country ? { country: revenue.country } : {}),
    },
  };
  const answer = records.get('answer-0');
  if (!answer) return { kind: 'tools', calls: [call] };
  const output = answer.output as RevenueOutput;
  const filterWords = `${store ? ` from ${store.label}` : ''}${revenue.country ? ` in ${countryNames.of(revenue.country) ?? revenue.country}` : ''}`;
  const periodWords = revenue.quarter
    ? ` in ${revenue.quarter.label}`
    : period && resolved
      ? ` ${period.kind === 'preset' && period.range === 'all' ? 'over all the history your plan covers' : `in ${period.label}`}`
      : ` from ${formatDay(output.range.from)} to ${formatDay(output.range.to)}`;
  return { kind: 'text', text: composeRevenue(revenue, output, filterWords, periodWords) };
}
