// The data API's meta, asked once per transport and viewer and shared by every element on the page: <svc-chat>'s
// result tables read member titles, types and formats from it, <svc-dashboard>'s charts the measures' aggregations
// (a load's annotation, as Cube's, does not carry them). A failed load counts as none.

import type { MetaResponse } from '../../api/types.js';
import type { Transport } from '../../transport/transport.js';

/** Meta by transport, then by viewer: a new viewer may see other members. */
const loads = new WeakMap<Transport, Map<string, Promise<MetaResponse | undefined>>>();

export function metaOf(transport: Transport, viewer: string): Promise<MetaResponse | undefined> {
  let byViewer = loads.get(transport);
  if (!byViewer) loads.set(transport, (byViewer = new Map<string, Promise<MetaResponse | undefined>>()));
  let load = byViewer.get(viewer);
  if (!load) {
    load = transport.loadMeta().catch(() => undefined);
    byViewer.set(viewer, load);
  }
  return load;
}

/** Each measure's aggregation (`count`, `sum`, `avg`…) by its full name, from the meta. */
export function aggregationsOf(meta: MetaResponse | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const cube of meta?.cubes ?? [])
    for (const m of cube.measures) if (m.aggType !== undefined) out.set(m.name, m.aggType);
  return out;
}
