// The data API's answers in Cube's shape, built from what the engine decided and DuckDB returned: `/meta` for a
// caller (the cubes and members their access policies let them see), `/load` (rows, annotation and the keys Cube's
// gateway sends), and the SQL API's note when the caller's own policy leaves no row. No I/O: plain values in and out.

import type { LoadResponse, MetaResponse } from '../../api/types.js';
import type { CompiledLoad } from './load-compiler.js';
import { loadAnnotation, loadRows, metaMember } from './cube-meta.js';
import { lookupMember, type ResolvedModel, type Source } from './model.js';
import { missingPolicyValues, sourceAccess, type Identity } from './policies.js';

/** `/meta` as `identity` sees it: each source it may read, with the members its policies show. */
export function metaResponse(resolved: ResolvedModel, identity: Identity): MetaResponse {
  const cubes: MetaResponse['cubes'] = [];
  for (const source of resolved.sources.values()) {
    const access = sourceAccess(identity, source);
    if (access.denied) continue;
    const members = [...source.members.values()].filter((m) => access.members.has(m.name));
    if (members.length === 0) continue;
    const def = source.type === 'cube' ? resolved.cubes.get(source.name) : undefined;
    cubes.push({
      name: source.name,
      type: source.type,
      title: source.title,
      isVisible: true,
      public: true,
      ...(source.description !== undefined && { description: source.description }),
      ...(def?.meta !== undefined && { meta: def.meta }),
      measures: members.filter((m) => m.kind === 'measure').map(metaMember),
      dimensions: members.filter((m) => m.kind === 'dimension').map(metaMember),
      segments: members.filter((m) => m.kind === 'segment').map(metaMember),
    });
  }
  return { cubes };
}

/** `/load`'s answer for a compiled query and its rows; `total` when the query asked for it (Cube sends it only then). */
export function loadResponse(
  resolved: ResolvedModel,
  compiled: CompiledLoad,
  rows: unknown[][],
  nowMs: number,
  total?: number,
): LoadResponse {
  const segments = (compiled.query.segments ?? []).map((name) => lookupMember(resolved, name).member);
  return {
    query: compiled.query,
    data: loadRows(compiled.columns, rows),
    lastRefreshTime: new Date(nowMs).toISOString(),
    annotation: loadAnnotation(resolved, compiled.columns, segments),
    dataSource: 'default',
    dbType: 'duckdb',
    external: false,
    slowQuery: false,
    ...(total !== undefined && { total }),
  };
}

/** The SQL API's notes: a source whose row filter needs a value the caller's session does not set matches no row. */
export function policyNotes(identity: Identity, sources: Source[]): string[] {
  return missingPolicyValues(identity, sources).map(
    ({ source, refs }) =>
      `Your access to ${source.title} filters rows by ${refs.join(' and ')}, which your session does not set, so no row can match.`,
  );
}
