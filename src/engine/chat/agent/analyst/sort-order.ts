// How a question asks its rows sorted, in words that name no quantity: "biggest first", "largest to smallest",
// "high to low", "in descending order", "sorted lowest first". Read before ranking and aggregation words, so that
// "largest" there is no maximum and "first" no word the model lacks.

/** Words that put the highest first, and the lowest. */
const HIGH = /^(highest|largest|biggest|greatest|most|top|high|big|large|best|many)$/;
const LOW = /^(lowest|smallest|least|fewest|bottom|low|small|worst|few)$/;
/** Words around a sort phrase that say nothing more: "sorted", "ordered", "ranked from", "with the". */
const LEAD = /^(sorted|ordered|ranked|listed|arranged|from|the|in|and)$/;

const dirOf = (w: string | undefined): 'DESC' | 'ASC' | undefined =>
  w === undefined ? undefined : HIGH.test(w) ? 'DESC' : LOW.test(w) ? 'ASC' : undefined;

/** The sort a question asks and the tokens that ask it (with the words leading to it), if any. */
export function sortOrder(norm: string[], taken: boolean[]): { dir: 'DESC' | 'ASC'; used: number[] } | undefined {
  for (let i = 0; i < norm.length; i++) {
    if (taken[i]) continue;
    const dir = dirOf(norm[i]);
    let end = -1;
    // "biggest first", "highest on top"
    if (dir && (norm[i + 1] === 'first' || (norm[i + 1] === 'on' && norm[i + 2] === 'top')))
      end = norm[i + 1] === 'first' ? i + 1 : i + 2;
    // "largest to smallest", "high to low", "most to fewest"
    else if (dir && norm[i + 1] === 'to' && dirOf(norm[i + 2]) && dirOf(norm[i + 2]) !== dir) end = i + 2;
    // "in descending order", "desc", "ascending"
    const plain = /^(descending|desc|ascending|asc)$/.test(norm[i])
      ? /^desc/.test(norm[i])
        ? 'DESC'
        : 'ASC'
      : undefined;
    if (plain) end = norm[i + 1] === 'order' ? i + 1 : i;
    if (end < 0 || [...Array(end - i + 1).keys()].some((k) => taken[i + k])) continue;
    let start = i;
    while (start > 0 && !taken[start - 1] && LEAD.test(norm[start - 1])) start--;
    return { dir: plain ?? dir!, used: Array.from({ length: end - start + 1 }, (_, k) => start + k) };
  }
  return undefined;
}
