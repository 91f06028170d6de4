// Titles of cubes, views and members without a `title` of their own, as Cube's /meta words them (its
// CubeToMetaTransformer.titleize): the name in PascalCase as the camelcase package makes it, split into words at its
// capitals, each word capitalised except the small words of inflection's titleize after the first, and `Id` as `ID`:
// `reviewed_at` → "Reviewed at", `delayMinutes` → "Delay Minutes", `user_id` → "User ID", `films_title` → "Films Title".

/** Words inflection's titleize leaves in lower case (but the first word of a title). */
const SMALL_WORDS = new Set(
  'and or nor a an the so but to of at by from into on onto off out in over with for'.split(' '),
);

const isUpper = (c: string) => c !== c.toLowerCase() && c === c.toUpperCase();
const isLower = (c: string) => c !== c.toUpperCase() && c === c.toLowerCase();

/** camelcase(name, {pascalCase: true}): a `-` where a word begins inside the name, separators dropped. */
function pascalCase(input: string): string {
  input = input.trim();
  if (input.length <= 1) return input.toUpperCase();
  if (input !== input.toLowerCase()) {
    // A word begins at a capital after a lower-case letter, and at the last capital of a run before a lower-case one.
    let out = '';
    let lastLower = false;
    let lastUpper = false;
    let lastLastUpper = false;
    for (const c of input) {
      if (lastLower && isUpper(c)) {
        out += `-${c}`;
        lastLower = false;
        lastLastUpper = lastUpper;
        lastUpper = true;
      } else if (lastUpper && lastLastUpper && isLower(c)) {
        out = `${out.slice(0, -1)}-${out.slice(-1)}${c}`;
        lastLastUpper = lastUpper;
        lastUpper = false;
        lastLower = true;
      } else {
        out += c;
        lastLower = isLower(c);
        lastLastUpper = lastUpper;
        lastUpper = isUpper(c);
      }
    }
    input = out;
  }
  input = input.replace(/^[_.\- ]+/, '').toLowerCase();
  input = input.charAt(0).toUpperCase() + input.slice(1);
  return input
    .replace(/[_.\- ]+([\p{Alpha}\p{N}_]|$)/gu, (_, c: string) => c.toUpperCase())
    .replace(/\d+([\p{Alpha}\p{N}_]|$)/gu, (m) => m.toUpperCase());
}

/** inflection's underscore: `_` before each capital, none leading, lower case. */
const underscore = (s: string) =>
  s
    .replace(/([A-Z])/g, '_$1')
    .replace(/^_/, '')
    .toLowerCase();

/** inflection's titleize: words at spaces and `_` (and parts at `-`) capitalised but the small ones. */
function titleize(s: string): string {
  const words = s
    .toLowerCase()
    .replace(/_/g, ' ')
    .split(' ')
    .map((word) =>
      word
        .split('-')
        .map((part) => (SMALL_WORDS.has(part) ? part : part.charAt(0).toUpperCase() + part.slice(1)))
        .join('-'),
    );
  const title = words.join(' ');
  return title.charAt(0).toUpperCase() + title.slice(1);
}

/** The title Cube gives a cube, view or member named `name` that has no `title`. */
export function cubeTitle(name: string): string {
  return titleize(underscore(pascalCase(name))).replace(/\bId(s?)\b/g, (_, plural: string) => `ID${plural}`);
}
