// What a generated dashboard is about: its subjects (the visible views, then the visible cubes no view shows
// whole), each subject's main time dimension and the string dimensions most worth a breakdown. Pure: meta and hints
// in, members out.

import type { MetaCube, MetaMember, MetaResponse } from '../api/types.js';

/** Names that identify a row or hold free text: one value per row, no use as a breakdown. */
const UNIQUE =
  /(^|_)(id|ids|uuid|guid|key|email|e_mail|phone|mobile|fax|url|uri|link|href|address|street|zip|zipcode|postcode|postal_code|description|comment|comments|note|notes|text|body|message|sku|hash|token|password|ip)$|_id$|Id$/i;
/** Names whose values are few: the breakdowns people ask for. */
const FEW =
  /(status|state|type|kind|category|categor|class|region|country|continent|segment|channel|tier|plan|genre|group|gender|level|priority|source|stage|department|team|brand|currency|language|method|mode|platform|device|format|size|season|weekday|quarter|rating|grade|outcome|result|flag)/i;
/** Names whose values are many but still readable (people, places, things): after the few-valued ones. */
const MANY = /(name|title|city|label|product|customer|user|author|company|account|store|vendor|supplier)/i;
/** Time dimensions that are seldom what a dashboard is about. */
const SECONDARY_TIME = /(updated|modified|deleted|archived|birth|dob|expire|expiry|synced|loaded|ingested)/i;

export const visible = (x: { isVisible?: boolean; public?: boolean }): boolean =>
  x.isVisible !== false && x.public !== false;

const short = (m: MetaMember) => m.name.split('.').pop()!;
/** A member as a view shows it: its own name and title (a view's members keep their cube's). */
const sameMember = (a: MetaMember, b: MetaMember) =>
  short(a) === short(b) && (a.shortTitle ?? a.title) === (b.shortTitle ?? b.title);

/** Whether `view` shows every visible measure and time dimension of `cube` (by name and title). */
function showsWhole(view: MetaCube, cube: MetaCube): boolean {
  const own = [...cube.measures, ...cube.dimensions.filter((d) => d.type === 'time')].filter(visible);
  const shown = [...view.measures, ...view.dimensions].filter(visible);
  return own.every((m) => shown.some((s) => sameMember(m, s)));
}

/**
 * The subjects a dashboard covers, with visible measures: the named ones; else the visible views, then each visible
 * cube that no view shows whole (a cube whose every measure and time dimension a view has, by name and title, is
 * left to the view).
 */
export function subjectsOf(meta: MetaResponse, names?: string[]): MetaCube[] {
  const withMeasures = (c: MetaCube) => c.measures.some(visible);
  if (names) return names.flatMap((n) => meta.cubes.filter((c) => c.name === n && withMeasures(c)));
  const shown = meta.cubes.filter((c) => visible(c) && withMeasures(c));
  const views = shown.filter((c) => c.type === 'view');
  const cubes = shown.filter((c) => c.type !== 'view' && !views.some((v) => showsWhole(v, c)));
  return [...views, ...cubes];
}

/** The main time dimension: the first visible one, passing over update/deletion/birth times when another exists. */
export function mainTimeDimension(cube: MetaCube): MetaMember | undefined {
  const times = cube.dimensions.filter((d) => visible(d) && d.type === 'time');
  return times.find((d) => !SECONDARY_TIME.test(short(d))) ?? times[0];
}

export interface DimensionOptions {
  /** Distinct values per string dimension (`{ 'orders.status': 4 }`), when the host knows them. */
  valueCounts?: Record<string, number>;
  /** At most this many string dimensions per subject get a chart (default 3). */
  maxDimensions?: number;
  /** With `valueCounts`: a dimension with more values than this is shown by its top values only (default 24). */
  maxValues?: number;
}

/** A breakdown: the dimension, and whether it has more values than a chart shows (its top ones are drawn). */
export interface Breakdown {
  dimension: MetaMember;
  top: boolean;
}

/**
 * The string dimensions most worth a breakdown, best first. With a count for a dimension: 3–12 values first, then
 * 2, then up to `maxValues`, then more (drawn as their top values; not identifiers) — fewer than 2 never; without a count, the name
 * decides (status, category, region… before names and cities; identifiers, e-mails and free text never), after the
 * counted ones that fit. Declaration order breaks ties.
 */
export function breakdownsOf(cube: MetaCube, options: DimensionOptions = {}): Breakdown[] {
  const { valueCounts = {}, maxDimensions = 3, maxValues = 24 } = options;
  const rank = (d: MetaMember): number | undefined => {
    const count = valueCounts[d.name];
    if (count !== undefined) {
      if (count < 2) return undefined;
      if (count > maxValues) return UNIQUE.test(short(d)) ? undefined : 4;
      return count <= 12 ? (count >= 3 ? 0 : 1) : 2;
    }
    if (UNIQUE.test(short(d))) return undefined;
    if (FEW.test(short(d))) return 0.5;
    return MANY.test(short(d)) ? 3 : 2.5;
  };
  return cube.dimensions
    .filter((d) => visible(d) && d.type === 'string' && !d.primaryKey)
    .map((d, i) => ({ d, i, r: rank(d) }))
    .filter((x): x is { d: MetaMember; i: number; r: number } => x.r !== undefined)
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .slice(0, maxDimensions)
    .map((x) => ({ dimension: x.d, top: x.r === 4 }));
}

/** The string dimensions most worth a breakdown, best first (see breakdownsOf). */
export function usefulDimensions(cube: MetaCube, options: DimensionOptions = {}): MetaMember[] {
  return breakdownsOf(cube, options).map((b) => b.dimension);
}
