// The planner's result: what one question asks of one source. The SQL builder and the answer writer read it; a
// question the planner cannot map becomes a Decline instead.

import type { Field, SourceInfo } from './catalog.js';
import type { DayRange, Grain } from './time-range.js';

import type { Comparison } from './amounts.js';
export type { Comparison };

export interface Filter {
  field: Field;
  /** `=` with several values means any of them, with none that nothing is recorded (NULL); booleans compare with true. */
  op: Comparison;
  values: (string | number | boolean)[];
}

export interface TimeUse {
  field: Field;
  grain?: Grain;
  range?: DayRange;
  /** ISO days of the week kept (1 = Monday). */
  weekdays?: number[];
  /** Only rows where this time is set ("how many bookings were canceled": rows with a cancellation date). */
  present?: boolean;
}

/** One side of a comparison: its own filters and time range on top of the plan's. */
export interface Slice {
  label: string;
  filters: Filter[];
  range?: DayRange;
  /** Its own measure, when two measures are compared. */
  measure?: Field;
}

export interface Plan {
  source: SourceInfo;
  measure: Field;
  /** Measures shown beside `measure`, over the same rows and breakdown ("copays vs plan reimbursement by store"). */
  also?: Field[];
  /** A distinct count the measure is divided by ("revenue per guest"). */
  per?: Field;
  /**
   * Where `per` is another source's measure ("interviews per hire": Hires of the pipeline), with that source's
   * dimensions standing for the plan's groups, in order.
   */
  perFrom?: { source: SourceInfo; groups: Field[] };
  groups: Field[];
  time?: TimeUse;
  filters: Filter[];
  /** Conditions on the measure per group ("regions with more than 100 visits"). */
  having: Filter[];
  order?: { dir: 'DESC' | 'ASC'; limit?: number };
  /** Two slices compared: their values, the difference (second minus first) and the percentage change. */
  compare?: [Slice, Slice];
  /**
   * A share: of the rows matching `part` among all (part given), of each group in the total, or of the measure in
   * another measure `of` ("units defective": Defective units of Units produced); the part's `range` a period inside
   * the plan's ("2015's job gains that came in December").
   */
  share?: { part?: Filter[]; of?: Field; range?: DayRange };
  /**
   * The groups counted ("how many stations averaged more than 40"): the query broken down by `groups`, kept by
   * `having` on `measure`, and its rows counted (count-groups.ts).
   */
  countOf?: { measure: Field; groups: Field[] };
}

export interface Decline {
  decline: string;
}

export const isDecline = (p: Plan | Decline): p is Decline => 'decline' in p;

/** A plan or decline over one source, with its evidence: how many question words it explains. */
export interface Scored {
  plan: Plan | Decline;
  score: number;
}
