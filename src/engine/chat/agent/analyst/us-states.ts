// The US states (and DC, Puerto Rico) by their postal codes: a column of codes ("CA", "TX", as airports and most US
// extracts keep them) is named in questions by the state's name ("flights from California").

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
});

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
