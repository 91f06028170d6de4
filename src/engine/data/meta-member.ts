// A member of the semantic model as Cube's `/meta` describes it (data/service.ts answers /meta and annotates /load).

import type { MetaMember } from '../../api/types.js';
import type { Member } from './model.js';

const aggType = (m: Member) => m.measure?.type;

/**
 * A member as Cube's `/meta` describes it. `title` here is the member's own; the data API's wire form prefixes the
 * cube's title as Cube does (http/cube-shape.ts). Cube hides primary keys unless they are made public.
 */
export function metaMember(m: Member): MetaMember {
  const def = m.measure ?? m.dimension;
  const meta = def?.meta ?? m.segment?.meta;
  const visible = m.dimension ? (m.dimension.public ?? !m.dimension.primary_key) : true;
  const drill = m.measure ? (m.measure.drill_members ?? []).map((d) => `${m.fullName.split('.')[0]}.${d}`) : [];
  return {
    name: m.fullName,
    title: m.title,
    shortTitle: m.title,
    type: m.type,
    ...(m.description !== undefined && { description: m.description }),
    ...(def?.format !== undefined && { format: def.format }),
    ...(meta !== undefined && { meta }),
    ...(m.measure && {
      aggType: aggType(m),
      cumulative: false,
      cumulativeTotal: false,
      drillMembers: drill,
      drillMembersGrouped: { measures: [], dimensions: drill },
    }),
    ...(m.dimension && { primaryKey: !!m.dimension.primary_key, suggestFilterValues: true }),
    isVisible: visible,
    public: visible,
  };
}
