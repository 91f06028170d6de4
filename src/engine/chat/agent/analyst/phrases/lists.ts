// Lists in a language's own words ("A, B und C", "A、B或C"), for the phrase books other than English (which keeps
// its plain "A and B" joins).

export function lists(locale: string): { and(items: string[]): string; or(items: string[]): string } {
  const and = new Intl.ListFormat(locale, { type: 'conjunction' });
  const or = new Intl.ListFormat(locale, { type: 'disjunction' });
  return { and: (items) => and.format(items), or: (items) => or.format(items) };
}
