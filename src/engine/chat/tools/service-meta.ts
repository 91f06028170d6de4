// serviceMeta (the spec's tool): a search of the data model over what the user may see — views and cubes with the
// members whose name, title, description or `meta.synonyms` match a word of the search (all of them for none).

import type { MetaMember, ServiceMetaInput, ServiceMetaResult } from '../../../api/types.js';
import { SERVICE_META } from '../../../api/tools.js';
import { measureTerms } from './measure-terms.js';
import { text, type ToolDescriptor } from './types.js';
import type { Source } from '../../data/model.js';

export const serviceMeta: ToolDescriptor<typeof SERVICE_META, ServiceMetaInput, ServiceMetaResult> = {
  name: SERVICE_META,
  model: {
    description: 'Search the data model (cubes, views, measures, dimensions) the user may query.',
    prompt: 'to find cubes, views and members.',
    parameters: {
      type: 'object',
      properties: { searchQuery: { type: 'string', description: 'Words to search for; empty for everything' } },
      required: ['searchQuery'],
    },
  },
  streamed: true,
  input: (args) => ({ searchQuery: text(args.searchQuery) }),
  async run({ data, identity }, { searchQuery }) {
    const meta = await data.meta(identity);
    const sources = await data.sources();
    const words = searchQuery
      .toLowerCase()
      .split(/[^\p{L}\p{N}_]+/u)
      .filter((w) => w.length > 2);
    const matches = (s: string) =>
      words.length === 0 || words.some((w) => s.toLowerCase().includes(w.replace(/s$/, '')));
    return {
      searchQuery,
      cubes: meta.cubes
        .map((c) => ({ c, shown: new Set([...c.measures, ...c.dimensions].map((m) => local(c.name, m.name))) }))
        .map(({ c, shown }) => ({
          name: c.name,
          type: c.type,
          title: c.title,
          ...(describe(c, sources) !== undefined && { description: describe(c, sources) }),
          ...(c.meta !== undefined && { meta: c.meta }),
          members: [...c.measures, ...c.dimensions, ...(c.segments ?? [])]
            .filter((m) => matches(memberText(m)) || matches(c.title))
            .map((m) => ({
              ...(c.segments?.includes(m) && { segment: true }),
              name: m.name,
              title: m.title,
              description: m.description ?? '',
              // A segment is a boolean member here (Cube's /meta gives segments no type).
              type: (c.segments?.includes(m) ? 'boolean' : m.type) as 'string',
              ...(m.aggType !== undefined && { aggType: m.aggType }),
              ...(m.format !== undefined && { format: m.format }),
              ...(m.meta !== undefined && { meta: m.meta }),
              ...(m.aggType !== undefined && measureTerms(sources.get(c.name), local(c.name, m.name), shown)),
            })),
        }))
        .filter((c) => c.members.length > 0),
    };
  },
};

/**
 * A source's description; a view with none has its root cube's, after the cube's title when it is not the view's (the
 * view's rows are that cube's, even when the cube is hidden: "Stock movements: every receipt, shipment …" says what a
 * view titled Inventory movements counts).
 */
function describe(
  c: { name: string; title: string; description?: string },
  sources: ReadonlyMap<string, Source>,
): string | undefined {
  const root = sources.get(c.name)?.root;
  const cube = root !== undefined ? sources.get(root) : undefined;
  if (c.description !== undefined || !cube) return c.description;
  const title = cube.title && cube.title !== c.title ? cube.title : undefined;
  return [title, cube.description].filter(Boolean).join(': ') || undefined;
}

/** A member's name inside its cube or view (`orders.count` → `count`). */
const local = (cube: string, member: string) => member.slice(cube.length + 1);

/** The text a search matches a member on: name, title, description and `meta.synonyms`. */
function memberText(m: MetaMember): string {
  const synonyms = m.meta?.synonyms;
  return [m.name, m.title, m.description ?? '', ...(Array.isArray(synonyms) ? synonyms.map(String) : [])].join(' ');
}
