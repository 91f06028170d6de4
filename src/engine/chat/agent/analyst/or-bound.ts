// "5 or more goals", "2 or fewer stars", "100k or more", "40 bushels or more": a number (a unit written on it or not)
// bounded by the words after "or", a unit of up to two words possibly between them (left for the column it names).

import { AMOUNT, OR_BOUND } from './amounts.js';
import type { Comparison } from './amounts.js';

/** The bound at token `i` (a number) and how many unit words come between it and "or" (0 to 2), if any. */
export function orBoundAt(norm: string[], i: number): { op: Comparison; gap: number } | undefined {
  if (!AMOUNT.test(norm[i])) return undefined;
  for (let gap = 0; gap <= 2; gap++) {
    if (!norm.slice(i + 1, i + 1 + gap).every((w) => /^\p{L}+$/u.test(w) && w !== 'or' && w !== 'and'))
      return undefined;
    const op = norm[i + 1 + gap] === 'or' ? OR_BOUND[norm[i + 2 + gap] ?? ''] : undefined;
    if (op) return { op, gap };
  }
  return undefined;
}
