// The US states (and DC, the territories and the freely associated states) by their postal codes: a column of codes
// ("CA", "TX", as airports and most US extracts keep them) is named in questions by the state's name ("flights from
// California"), a column of names by the code ("zip codes in ny").

import { ownTable } from '../../../../util/own.js';

const STATES = ownTable<string>({
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  PR: 'Puerto Rico',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  GU: 'Guam',
  VI: 'US Virgin Islands',
  AS: 'American Samoa',
  MP: 'Northern Mariana Islands',
  FM: 'Micronesia',
  MH: 'Marshall Islands',
  PW: 'Palau',
});

/** Folded state name → postal code. */
const CODES = new Map(Object.entries(STATES).map(([code, name]) => [name.toLowerCase(), code]));

/** The postal code of a state named in full ("Texas" → TX), if it is one. */
export const stateCode = (name: string): string | undefined => CODES.get(name.toLowerCase());

/** The name of a state by its postal code ("TX" → Texas), if it is one. */
export const stateName = (code: string): string | undefined => STATES[code.toUpperCase()];

/**
 * The state names of a column's values when they are US postal codes (at least 3 values, nearly all of them codes):
 * code → name. Undefined for any other column.
 */
export function stateNames(values: readonly string[]): Map<string, string> | undefined {
  if (values.length < 3) return undefined;
  const codes = values.filter((v) => STATES[v] !== undefined);
  if (codes.length < 0.9 * values.length) return undefined;
  return new Map(codes.map((c) => [c, STATES[c]]));
}

/**
 * Whether a column holds US states: nearly all of its values (at least 3) postal codes or names of states ("TX",
 * "Texas"). A name such a column holds is read as the state before a county or a city of the same name.
 */
export function holdsStates(values: readonly string[]): boolean {
  if (values.length < 3) return false;
  const states = values.filter((v) => STATES[v] !== undefined || CODES.has(v.toLowerCase()));
  return states.length >= 0.9 * values.length;
}

/**
 * Regions of the US Census Bureau named in questions ("across new england", "midwest states"), by their states' codes:
 * read on a column of states that holds no value so named.
 */
const REGIONS: [string, string[]][] = [
  ['new england', ['CT', 'ME', 'MA', 'NH', 'RI', 'VT']],
  ['mid atlantic', ['NJ', 'NY', 'PA']],
  ['middle atlantic', ['NJ', 'NY', 'PA']],
  ['northeast', ['CT', 'ME', 'MA', 'NH', 'RI', 'VT', 'NJ', 'NY', 'PA']],
  ['midwest', ['IL', 'IN', 'MI', 'OH', 'WI', 'IA', 'KS', 'MN', 'MO', 'NE', 'ND', 'SD']],
];

/** The values of a column of states (codes or names) in each region, by the region's folded name. */
export function regionValues(values: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [region, codes] of REGIONS) {
    const held = values.filter((v) => codes.includes(v) || codes.includes(CODES.get(v.toLowerCase()) ?? ''));
    if (held.length) out.set(region, held);
  }
  return out;
}
