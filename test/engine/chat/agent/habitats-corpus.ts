// Questions about real public data on US places and wildlife (vega-datasets: USGS GAP year-round habitat of four
// species by county, every US zip code, adult obesity by state, the state capitals) in people's own words (species by
// common, partial or scientific name, states by name, "avg", "#", "pct", a typo or two), each answer SQL of our own on
// the same files, run by native DuckDB (sql-cases.ts). Written before the analyst was run on them. The files have no
// dates, so no question asks for a period. Habitats reach a state by the first two digits of the county FIPS id,
// zip codes by their postal code, capitals by the state's name, as the model joins them.
import { FILES, STATE_NAMES } from '../../../fixtures/analyst/habitats.js';
import type { Case } from './corpus.js';
import { cmp, part, ranked, sqlCases, type Spec } from './sql-cases.js';

const NAMES = STATE_NAMES.map(([code, name]) => `('${code}', '${name}')`).join(', ');
const setup = [
  `CREATE VIEW s AS SELECT common_name species, scientific_name sci, gap_species_code code,
    CAST(county_id AS INTEGER) county, CAST(county_id AS INTEGER) // 1000 state_fips, habitat_yearround_pct pct
    FROM read_csv_auto('${FILES.species}')`,
  `CREATE VIEW z AS SELECT * FROM read_csv_auto('${FILES.zipcodes}')`,
  `CREATE VIEW o AS SELECT o.id fips, o.state code, n.name, o.rate FROM read_json_auto('${FILES.obesity}') o
    LEFT JOIN (VALUES ${NAMES}) AS n(code, name) ON n.code = o.state`,
  `CREATE VIEW c AS SELECT * FROM read_json_auto('${FILES.capitals}')`,
  // Habitat records with their state; zip codes with their state's obesity rate (DC and territories have none).
  `CREATE VIEW so AS SELECT s.*, o.code state, o.name state_name, o.rate FROM s LEFT JOIN o ON o.fips = s.state_fips`,
  `CREATE VIEW zo AS SELECT z.*, o.rate FROM z LEFT JOIN o ON o.code = z.state`,
];
const TERRITORIES = `('PR', 'GU', 'VI', 'AS', 'MP', 'FM', 'MH', 'PW')`;
const NEW_ENGLAND = `('CT', 'ME', 'MA', 'NH', 'RI', 'VT')`;

const specs: Spec[] = [
  // Habitats: species by common, partial and scientific name, classes, counties by FIPS, states through the join.
  { q: 'how many species are in the habitat data', sql: `SELECT count(DISTINCT species) FROM s` },
  { q: 'avg year-round habitat share by species', sql: `SELECT species, avg(pct) FROM s GROUP BY 1` },
  ranked(
    'which animal has the highest average habitat share per county',
    `SELECT species, avg(pct) a FROM s GROUP BY 1 ORDER BY a DESC`,
  ),
  {
    q: 'in how many counties does the white-tailed deer have year-round habitat',
    sql: `SELECT count(DISTINCT county) FROM s WHERE species = 'White-tailed Deer' AND pct > 0`,
  },
  {
    q: 'what pct of counties have any bullfrog habitat',
    sql: part(`s WHERE species = 'American Bullfrog'`, 'count(DISTINCT county)', 'pct > 0'),
  },
  {
    q: 'robin habitat share in county fips 06037',
    sql: `SELECT avg(pct) FROM s WHERE species = 'American Robin' AND county = 6037`,
  },
  {
    q: 'avg habitat share of garter snakes in texas',
    sql: `SELECT avg(pct) FROM so WHERE species = 'Common Gartersnake' AND state = 'TX'`,
  },
  ranked(
    'top 5 states by avg white-tailed deer habitat share',
    `SELECT state_name, avg(pct) a FROM so WHERE species = 'White-tailed Deer' GROUP BY 1 ORDER BY a DESC LIMIT 5`,
  ),
  {
    q: 'how many counties are at least half year-round habitat for the american robin',
    sql: `SELECT count(DISTINCT county) FROM s WHERE species = 'American Robin' AND pct >= 0.5`,
  },
  {
    q: 'bullfrog vs gartersnake avg habitat share',
    sql: cmp(
      's',
      `avg(pct) FILTER (WHERE species = 'American Bullfrog')`,
      `avg(pct) FILTER (WHERE species = 'Common Gartersnake')`,
    ),
  },
  {
    q: 'total habitat in county equivalents for each animal class',
    sql: `SELECT CASE left(code, 1) WHEN 'a' THEN 'Amphibian' WHEN 'b' THEN 'Bird' WHEN 'm' THEN 'Mammal'
      WHEN 'r' THEN 'Reptile' END, sum(pct) FROM s GROUP BY 1`,
  },
  {
    q: 'how many counties have zero year-round habitat for the common gartersnake',
    sql: `SELECT count(DISTINCT county) FROM s WHERE species = 'Common Gartersnake' AND pct = 0`,
  },
  {
    q: 'highest habitat share the deer reaches in any county',
    sql: `SELECT max(pct) FROM s WHERE species = 'White-tailed Deer'`,
  },
  {
    q: 'avg robin habitat share across new england',
    sql: `SELECT avg(pct) FROM so WHERE species = 'American Robin' AND state IN ${NEW_ENGLAND}`,
  },
  {
    q: 'mean habitat share for Odocoileus virginianus',
    sql: `SELECT avg(pct) FROM s WHERE sci = 'Odocoileus virginianus'`,
  },
  // Zip codes: states and territories by code or name, cities and counties by name, per-city ratios.
  { q: '# of zip codes in total', sql: `SELECT count(*) FROM z` },
  ranked('top 5 states by number of zip codes', `SELECT state, count(*) n FROM z GROUP BY 1 ORDER BY n DESC LIMIT 5`),
  {
    q: 'how many zip codes does houston, tx have',
    sql: `SELECT count(*) FROM z WHERE city = 'Houston' AND state = 'TX'`,
  },
  { q: 'how many distinct cities are in new york state', sql: `SELECT count(DISTINCT city) FROM z WHERE state = 'NY'` },
  ranked(
    'top 5 cities in texas by # of zip codes',
    `SELECT city, count(*) n FROM z WHERE state = 'TX' GROUP BY 1 ORDER BY n DESC LIMIT 5`,
  ),
  { q: 'how many zip codes are in the us territories', sql: `SELECT count(*) FROM z WHERE state IN ${TERRITORIES}` },
  { q: 'what % of all zip codes are in texas', sql: part('z', 'count(*)', `state = 'TX'`) },
  {
    q: 'how many counties does ohio have in the zip code list',
    sql: `SELECT count(DISTINCT county) FROM z WHERE state = 'OH'`,
  },
  {
    q: 'zip codes per city in florida',
    sql: `SELECT 1.0 * count(*) / count(DISTINCT city) FROM z WHERE state = 'FL'`,
  },
  { q: 'how many zips in suffolk county, ny', sql: `SELECT count(*) FROM z WHERE county = 'Suffolk' AND state = 'NY'` },
  { q: 'how many zip codes in pennsylvannia', sql: `SELECT count(*) FROM z WHERE state = 'PA'` },
  {
    q: 'how many zip codes are in states with an adult obesity rate of 18% or more',
    sql: `SELECT count(*) FROM zo WHERE rate >= 0.18`,
  },
  {
    q: 'number of zip codes in each state where obesity is over 19%',
    sql: `SELECT state, count(*) FROM zo WHERE rate > 0.19 GROUP BY 1`,
  },
  // States: obesity rates by name, rankings, comparisons, capitals by latitude.
  { q: "what's the obesty rate in texas", sql: `SELECT rate FROM o WHERE code = 'TX'` },
  { q: 'avg adult obesity rate across the states', sql: `SELECT avg(rate) FROM o` },
  ranked('which 5 states have the highest obesity rates', `SELECT name, rate FROM o ORDER BY rate DESC LIMIT 5`),
  { q: 'how many states have adult obesity above 17%', sql: `SELECT count(*) FROM o WHERE rate > 0.17` },
  {
    q: 'colorado vs mississippi obesity rate',
    sql: cmp('o', `max(rate) FILTER (WHERE code = 'CO')`, `max(rate) FILTER (WHERE code = 'MS')`),
  },
  {
    q: 'avg obesity rate of the states whose capital lies north of 40 degrees latitude',
    sql: `SELECT avg(o.rate) FROM o JOIN c ON c.state = o.name WHERE c.lat > 40`,
  },
  { q: 'how many state capitals are south of 35° latitude', sql: `SELECT count(*) FROM c WHERE lat < 35` },
  // What the data cannot answer.
  { q: 'how many white-tailed deer live in michigan', decline: true },
  { q: 'avg summer habitat share of the american robin', decline: true },
  { q: 'median household income in zip code 90210', decline: true },
  { q: 'which of these species are endangered', decline: true },
  { q: 'diabetes rate by state', decline: true },
];

/** How many questions the set asks. */
export const HABITATS_QUESTIONS = specs.length;
export const habitatsCases = (): Promise<Case[]> => sqlCases(specs, setup);
