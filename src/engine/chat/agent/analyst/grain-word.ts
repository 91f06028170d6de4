// A grain said as an adjective ("daily", "monthly") is not always a breakdown: next to an average ("avg daily high",
// "monthly average") it says what is averaged, one number over the period; and inside a measure's own title ("Avg
// daily rate") it names that measure. The first is read here, with the question; the second per source, from its
// titles (titled-grain.ts).

import type { TimeAsk } from './time-range.js';

const ADJECTIVE = /\b(hourly|daily|weekly|monthly|quarterly|yearly|annual|annually)\b/;
export const AVERAGE = /^(?:avg|average|mean)$/;
export const GRAIN_OF: Record<string, string> = {
  hourly: 'hour',
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  quarterly: 'quarter',
  yearly: 'year',
  annual: 'year',
  annually: 'year',
};

/**
 * `time` with its grain dropped when the grain was an adjective right beside an averaging word ("avg daily high",
 * "info jobs, monthly average"); the word stays taken (it is explained). The adjective's span is kept on the ask for
 * the per-source reading below.
 */
export function averagedGrain(folded: string, time: TimeAsk): TimeAsk {
  if (!time.grain) return time;
  const m = ADJECTIVE.exec(folded);
  if (!m || !time.spans.some(([s, e]) => s === m.index && e === m.index + m[0].length)) return time;
  const before = folded.slice(0, m.index).trim().split(/\s+/).pop() ?? '';
  const after =
    folded
      .slice(m.index + m[0].length)
      .trim()
      .split(/\s+/)[0] ?? '';
  const word: [number, number] = [m.index, m.index + m[0].length];
  // Another grain said as well ("avg daily high by month"): that one is the breakdown; leave the reading as it is.
  // "highest monthly close": the extreme over the period of what each month has, one number, as an average's is.
  const extreme = /^(?:highest|lowest|max|maximum|min|minimum|peak|biggest|largest|smallest)$/.test(before);
  if (!AVERAGE.test(before) && !AVERAGE.test(after) && !extreme) return { ...time, grainWord: word };
  if (time.spans.length > 1 && /\b(?:by|per|each|every) (?:day|week|month|quarter|year)\b/.test(folded)) return time;
  return { ...time, grain: undefined, trend: undefined, grainWord: word };
}
