// Cube's SQL context variables, which Cube fills in per query and the local engine has no values for: a model that
// writes one in SQL is refused at load (with its line), never loaded to fail on every query of its cube.

/** A context variable, where it is written (`{SECURITY_CONTEXT.x.filter('x')}`, `${USER_CONTEXT.x}`, …). */
export interface ContextVariable {
  name: string;
  /** Offset of the name in the SQL. */
  index: number;
  message: string;
}

const POLICIES =
  'restrict rows with an access_policy row_level filter whose values are { securityContext.x } or { userAttributes.x }';

/**
 * Names as Cube spells them in SQL (USER_CONTEXT is SECURITY_CONTEXT's older name); securityContext as a reference
 * (`{securityContext.x}`, `${securityContext.x}`); `name` is the variable's name.
 */
const VARIABLES: [RegExp, (name: string) => string][] = [
  [
    /\b(?<name>SECURITY_CONTEXT|USER_CONTEXT)\b/,
    (name) => `${name} is not supported in SQL by the local engine: ${POLICIES}`,
  ],
  [
    /\{\s*(?<name>securityContext|security_context)\b/,
    (name) => `${name} is not supported in SQL by the local engine: ${POLICIES}`,
  ],
  [
    /\b(?<name>FILTER_PARAMS|FILTER_GROUP)\b/,
    (name) =>
      `${name} is not supported by the local engine: the query's filters apply to the cube's members; remove it`,
  ],
  [
    /\b(?<name>SQL_UTILS)\b/,
    (name) => `${name} is not supported by the local engine: times are converted to the query's timezone; remove it`,
  ],
];

/** The first context variable `sql` uses, or undefined. */
export function contextVariable(sql: string): ContextVariable | undefined {
  let first: ContextVariable | undefined;
  for (const [pattern, message] of VARIABLES) {
    const match = pattern.exec(sql);
    const name = match?.groups?.name;
    if (!match || !name) continue;
    const index = match.index + match[0].indexOf(name);
    if (!first || index < first.index) first = { name, index, message: message(name) };
  }
  return first;
}
