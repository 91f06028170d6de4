// Members as Cube's gateway describes them: in `/meta` (CubeToMetaTransformer's fields) and in a load's annotation
// (the fields its result serialisation keeps: title, shortTitle, description, type, format, meta, drill members, and a
// time dimension's granularity), and the rows of a load with Cube's keys.

import type { LoadResponse, MetaMember } from '../../api/types.js';
import { granularityLevel as level, type OutputColumn } from './load-compiler.js';
import type { Member, ResolvedModel } from './model.js';

/**
 * A member as Cube's `/meta` describes it. `title` here is the member's own, as the engine's own readers (the local
 * analyst) take it; the data API's wire form prefixes its source's title as Cube does (http/data.ts).
 */
export function metaMember(m: Member): MetaMember {
  const def = m.measure ?? m.dimension;
  const meta = def?.meta ?? m.segment?.meta;
  const drill = m.measure ? (m.measure.drill_members ?? []).map((d) => `${m.fullName.split('.')[0]}.${d}`) : [];
  return {
    name: m.fullName,
    title: m.title,
    shortTitle: m.title,
    ...(m.kind !== 'segment' && { type: m.type }),
    ...(m.description !== undefined && { description: m.description }),
    ...(def?.format !== undefined && { format: def.format }),
    ...(meta !== undefined && { meta }),
    ...(m.measure && {
      aggType: m.measure.type,
      cumulative: false,
      cumulativeTotal: false,
      drillMembers: drill,
      drillMembersGrouped: { measures: [], dimensions: drill },
    }),
    ...(m.dimension && { primaryKey: m.primaryKey, suggestFilterValues: true }),
    isVisible: m.visible,
    public: m.visible,
  } as MetaMember;
}

/** A member in a load's annotation, as Cube's serialisation of the result keeps it. */
function annotated(m: Member, sourceTitle: string): MetaMember {
  const { shortTitle, description, type, format, meta, drillMembers, drillMembersGrouped } = metaMember(m);
  const title = `${sourceTitle} ${m.title}`;
  const item = { title, shortTitle, description, type, format, meta, drillMembers, drillMembersGrouped };
  return Object.fromEntries(Object.entries(item).filter(([, v]) => v !== undefined)) as unknown as MetaMember;
}

/**
 * Cube's annotation of a load: measures and dimensions under their names, segments, and each time dimension with a
 * granularity under `member.granularity` (with the granularity) and, unless the query names it as a dimension, under
 * `member` too.
 */
export function loadAnnotation(
  resolved: ResolvedModel,
  columns: OutputColumn[],
  segments: Member[],
): LoadResponse['annotation'] {
  const annotation: LoadResponse['annotation'] = { measures: {}, dimensions: {}, segments: {}, timeDimensions: {} };
  const annotate = (m: Member) => annotated(m, resolved.sources.get(m.fullName.split('.')[0])?.title ?? '');
  const plain = new Set(columns.filter((c) => !c.granularity).map((c) => c.key));
  for (const c of columns) {
    if (!c.granularity) {
      annotation[c.member.kind === 'measure' ? 'measures' : 'dimensions'][c.key] = annotate(c.member);
      continue;
    }
    const granularity = { name: c.granularity, title: c.granularity, interval: `1 ${c.granularity}` };
    annotation.timeDimensions[c.key] = { ...annotate(c.member), granularity };
    if (!plain.has(c.member.fullName)) annotation.timeDimensions[c.member.fullName] = annotate(c.member);
  }
  for (const s of segments) annotation.segments[s.fullName] = annotate(s);
  return annotation;
}

/** Rows under Cube's keys: each column's; a time dimension not asked plainly also as `member`, at its finest grain. */
export function loadRows(columns: OutputColumn[], rows: unknown[][]): Record<string, unknown>[] {
  const plain = new Set(columns.filter((c) => !c.granularity).map((c) => c.key));
  const finest = new Map<string, number>();
  columns.forEach((c, i) => {
    if (!c.granularity || plain.has(c.member.fullName)) return;
    const best = finest.get(c.member.fullName);
    if (best === undefined || level(c.granularity) <= level(columns[best].granularity!))
      finest.set(c.member.fullName, i);
  });
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    columns.forEach((c, i) => (out[c.key] = row[i]));
    for (const [name, i] of finest) out[name] = row[i];
    return out;
  });
}
