// The columns of a widget's data as a person reads them: titles from the load result's annotation (the data API's
// meta for each member) or readable SQL names, and the hints that format their values (type, `format`, `meta`, a
// time column's granularity) through the shared formatting module.

import type { LoadAnnotation, MetaMember, SchemaColumn } from '../../api/types.js';
import { humanize } from '../chat/result-columns.js';
import { percentScaleOf, type ValueHints } from '../shared/format.js';

export interface DataColumn {
  name: string;
  title: string;
  hints: ValueHints;
  /** Numbers are right-aligned. */
  numeric: boolean;
}

const NUMERIC_TYPE = /^(u?int|float|double|decimal|number|numeric|real|bigint|smallint|tinyint|hugeint)/i;
const TIME_TYPE = /^(timestamp|date|time)/i;

function column(name: string, title: string, hints: ValueHints, values: unknown[]): DataColumn {
  if (hints.format === 'percent') hints.percentScale = percentScaleOf(values);
  const numeric = hints.type !== 'time' && hints.type !== 'string' && hints.type !== 'boolean';
  return { name, title, hints, numeric };
}

/** A load result's columns, described by its annotation. */
export function loadColumns(
  names: string[],
  annotation: LoadAnnotation | undefined,
  rows: Record<string, unknown>[],
  /** Measures' aggregations by name, where the annotation does not say them (Cube's does not). */
  aggregations?: Map<string, string>,
): DataColumn[] {
  return names.map((name) => {
    const member: (MetaMember & { format?: unknown }) | undefined =
      annotation?.measures[name] ?? annotation?.dimensions[name] ?? annotation?.timeDimensions[name];
    const granularity = member?.granularity?.name;
    const hints: ValueHints = {
      type:
        member?.type === 'time'
          ? 'time'
          : (member?.aggType ??
            aggregations?.get(name) ??
            member?.type ??
            (typeof rows[0]?.[name] === 'number' ? 'number' : 'string')),
      ...(member?.format !== undefined && { format: member.format }),
      ...(member?.meta !== undefined && { meta: member.meta }),
      ...(granularity && { granularity }),
    };
    const title = member?.shortTitle ?? member?.title ?? humanize(name.split('.').pop() ?? name);
    return column(
      name,
      title,
      hints,
      rows.map((r) => r[name]),
    );
  });
}

/** An SQL result's columns, described by their database types. */
export function sqlColumns(schema: SchemaColumn[], rows: Record<string, unknown>[]): DataColumn[] {
  return schema.map(({ name, column_type }) => {
    const type = TIME_TYPE.test(column_type)
      ? 'time'
      : NUMERIC_TYPE.test(column_type) || typeof rows[0]?.[name] === 'number'
        ? 'number'
        : 'string';
    return column(
      name,
      humanize(name),
      { type },
      rows.map((r) => r[name]),
    );
  });
}
