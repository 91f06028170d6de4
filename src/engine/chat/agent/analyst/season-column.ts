// "pests in the 2025 season": a source with a number column named Season (the year a season counts toward) takes the
// year said as a season on that column, whatever its dates (sowing, harvest) are.

import type { Field, SourceInfo } from './catalog.js';

/** The source's one number dimension named "season", as a column of years standing for the season's date. */
export function seasonColumn(source: SourceInfo): Field | undefined {
  const found = source.dimensions.filter((d) => d.type === 'number' && d.keys.some((k) => k.includes('season')));
  return found.length === 1 ? { ...found[0], type: 'time', yearNumber: true } : undefined;
}
