// Number members that hold a calendar year, so a source with no date is dated by them (catalog.ts).

/**
 * A number member holding a calendar year: "year" last in its name or title ("founded_year", "Model year") or first
 * before a past form ("Year built"), or its description says just that ("Founded": "year"). No span ("Years of
 * service") nor amount ("Year-end balance").
 */
const DONE = '(?:[a-z]+ed|built|made|born|sold|won|begun)';
const YEAR_COLUMN = new RegExp(`(?:^|_)year$|^year_${DONE}$`);
const YEAR_TITLE = new RegExp(`^(?:[a-z]+ )?year$|^year ${DONE}$`, 'i');
export const yearValued = (column: string, title: string, description = '') =>
  YEAR_COLUMN.test(column) || YEAR_TITLE.test(title) || /^(?:the |a )?(?:calendar )?year\.?$/i.test(description.trim());
