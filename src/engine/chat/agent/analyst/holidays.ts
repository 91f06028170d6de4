// Fixed-date holidays named in a question ("orders delivered on christmas day 2025", "sales on new year's eve") read
// as the day they fall on, which the question's date reading understands ("december 25 2025"). Only the days whose
// date never moves, and only as a day's name: "Christmas" alone is a day after "on" or before a year (not the
// Christmas Appeal a model may hold as a value); Thanksgiving, Easter and Black Friday move and are not read here.

const APOSTROPHE = `['\u2019]?`;
const DAYS: [RegExp, string][] = [
  [/\b(?:christmas|xmas) eve\b/gi, 'december 24'],
  [/\b(?:christmas|xmas) day\b/gi, 'december 25'],
  [/\b(?<=\bon (?:the )?)(?:christmas|xmas)\b|\b(?:christmas|xmas)(?= (?:18|19|20)\d\d\b)/gi, 'december 25'],
  [/\bboxing day\b/gi, 'december 26'],
  [new RegExp(`\\bnew year${APOSTROPHE}s? eve\\b`, 'gi'), 'december 31'],
  [new RegExp(`\\bnew year${APOSTROPHE}s? day\\b`, 'gi'), 'january 1'],
  [new RegExp(`\\bvalentine${APOSTROPHE}s? day\\b`, 'gi'), 'february 14'],
  [new RegExp(`\\b(?:st\\.?|saint) patrick${APOSTROPHE}s? day\\b`, 'gi'), 'march 17'],
  [/\b(?<=\bon )halloween\b|\bhalloween(?= (?:18|19|20)\d\d\b)/gi, 'october 31'],
  [/\b(?:independence day|(?:the )?(?:fourth|4th) of july|july 4th)\b/gi, 'july 4'],
];

/** The question with each fixed-date holiday it names written as its date. */
export function holidayDates(text: string): string {
  return DAYS.reduce((out, [pattern, date]) => out.replace(pattern, date), text);
}
