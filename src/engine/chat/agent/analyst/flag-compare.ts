// "organic vs conventional tonnes delivered", "irrigated fields vs the ones we don't": one yes/no member named both
// ways in a comparison is two sides, its rows where it is true and where it is false, in the question's order.

import type { Filter, Plan } from './plan.js';
import type { Phrases } from './phrases.js';

/** The plan comparing a boolean's true and false rows, when its filters name both; undefined otherwise. */
export function flagCompare(say: Phrases, plan: Plan, at: Map<Filter, number>): Plan | undefined {
  const two = (f: Filter) =>
    f.field.type === 'boolean' && plan.filters.some((g) => g.field === f.field && g.values[0] !== f.values[0]);
  const sides = plan.filters.filter(two).sort((a, b) => (at.get(a) ?? 0) - (at.get(b) ?? 0));
  if (sides.length !== 2) return undefined;
  const { plain } = say;
  const name = plain.text(plain.book.inline(sides[0].field.title));
  const label = (f: Filter) => (f.values[0] ? plain.book.isTrue(name) : plain.book.isFalse(name));
  return {
    ...plan,
    filters: plan.filters.filter((f) => !sides.includes(f)),
    compare: [
      { label: label(sides[0]), filters: [sides[0]] },
      { label: label(sides[1]), filters: [sides[1]] },
    ],
  };
}
