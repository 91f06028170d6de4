// What kind of English word a question's word is, read from its form and the words around it: a small hand-written
// morphology (suffixes, irregular verb forms, closed lists of general English words), never a model's vocabulary.
// It decides which words left unexplained may be let go (a verb linking what is asked, an adverb of degree) and
// which must be applied or declined (a number, a negation, a noun naming a thing, an adjective or comparative
// naming a condition). Chosen over a tagger library by measurement on 63 words of the analyst's development
// questions, each labelled by hand: compromise tagged 56 right (one miss unsafe: "shipped late" read as an adverb,
// to be let go) and adds 141 kB gzipped (365 kB minified), over the engine's lazy budget, and would need the planner
// made asynchronous; wink-nlp with its English model adds 1 MB gzipped; these rules tag 53 right, every miss on the
// safe side (a verb or adverb read as a noun, which declines), in about 0.1 ms a question, for 1.6 kB gzipped.

import { ownTable } from '../../../../util/own.js';
import { VERB_FORMS } from './irregular.js';
import { NUMBER_WORDS, type Token } from './text.js';

export type WordKind =
  'number' | 'negation' | 'verb' | 'degree' | 'adverb' | 'comparative' | 'adjective' | 'noun' | 'function';

const set = (words: string) => new Set(words.split(/\s+/).filter(Boolean));

/** Words that turn a statement around: never let go. */
const NEGATIONS = set(`no not none never nobody nothing nowhere neither nor without zero cannot hardly barely`);

/** Number words beyond those the reader already counts with. */
const NUMBERS = set(`zero hundred thousand million billion trillion dozen half quarter twice thrice`);

/**
 * Adverbs of degree, focus and talk: they change no number ("completely dry", "ever recorded", "still open" is a
 * state, so "still" is here only as "even now").
 */
const DEGREE = set(`completely entirely totally fully wholly absolutely really actually truly literally simply merely
  basically essentially ever even just already also too very quite rather pretty somewhat altogether anyway
  honestly exactly precisely roughly approximately nearly almost about around generally overall respectively
  please kindly again still thereof therein exactly currently presently so`);

/** Words in -ly that are not adverbs of manner: adjectives of time and nouns and verbs ("early", "family", "apply"). */
const NOT_LY = set(`early daily weekly monthly quarterly yearly hourly nightly annually only likely unlikely elderly
  friendly costly lonely lovely holy ugly silly oily belly bully jelly rally tally lily ally apply supply reply rely
  comply multiply fly july italy family assembly anomaly emily sally holly molly polly billy willy reilly`);

/** Verbs so light they name no event of their own ("got merged", "came in", "did we have", "were there"). */
const LIGHT = set(`be is are was were been being am do does did done doing have has had having get gets got gotten
  getting go goes went gone come comes came happen happens happened make makes made take takes took taken`);

/** Words before a verb's base form: "we irrigate", "to kill", "we don't": not "did koi" (a name after "did"). */
const BEFORE_BASE = set(`don't doesn't didn't to can't couldn't won't we they i you`);

/** Words in -ed that are no verbs ("hundred", "red", "bed"). */
const NOT_ED = set(`red bed shed sled wed fed led bred shred hundred need seed feed speed breed weed deed reed creed
  greed steed sacred naked wicked rugged ragged kindred`);

/** Words that end in an adjective's suffix but are everyday nouns ("animal", "music", "capital", "total"). */
const NOT_ADJ = set(`animal hospital capital total rental arrival approval proposal referral renewal removal
  withdrawal signal journal material interval festival terminal portal metal pedal medal local general chemical
  music logic topic clinic traffic public republic graphic mechanic critic ethic tactic
  objective executive initiative representative detective native motive archive incentive`);

/** Closed classes of English that carry no content of their own. */
const FUNCTION = set(`a an the of in on at to for from with by per and or but vs versus than then as into onto over
  under is are was were be been do does did have has had i me my we our us you your it its they their them this that
  these those there here what which who whom whose when where why how if so up down out off away back`);

/** Words before a participle that make it qualify the noun after it: "the retired members", "how many closed deals". */
const ATTRIBUTIVE = set(`the a an many much of all any some no with for by and or vs versus than most fewest least
  which what whose our their my your its`);

const content = (w: string) => !!w && !FUNCTION.has(w) && !DEGREE.has(w) && !/^\d/.test(w);

const ownNumbers: Readonly<Record<string, number>> = ownTable({ ...NUMBER_WORDS });

/** The kind of the question's word at `i`, from its form and its neighbours. */
export function wordKind(tokens: Token[], i: number): WordKind {
  const w = tokens[i].norm.replace(/['’]s$/, '');
  const before = tokens[i - 1]?.norm ?? '';
  const after = tokens[i + 1]?.norm ?? '';
  if (/^\d/.test(w) || NUMBERS.has(w) || ownNumbers[w] !== undefined) return w === 'zero' ? 'negation' : 'number';
  if (NEGATIONS.has(w) || /n['’]?t$/.test(w)) return 'negation';
  if (FUNCTION.has(w)) return 'function';
  if (DEGREE.has(w)) return 'degree';
  // "hotter than", "65 and older", "cheaper ones": a comparison, to apply or decline.
  if (/(er|est)$/.test(w) && (after === 'than' || /^(and|or)$/.test(before))) return 'comparative';
  if (/^(more|less|fewer)$/.test(w)) return 'comparative';
  if (LIGHT.has(w)) return 'verb';
  // "merged PRs", "the retired members": a participle before the noun it qualifies names a condition.
  const participle = VERB_FORMS.has(w) || (/[^e]ed$/.test(w) && w.length > 4 && !NOT_ED.has(w)) || /ied$/.test(w);
  // "unsigned", "unrepeated": a participle made negative is a condition, as is one opening the question.
  if (participle && (/^(un|non|mis)/.test(w) || (!before && content(after)))) return 'adjective';
  if (participle) return ATTRIBUTIVE.has(before) && content(after) ? 'adjective' : 'verb';
  if (/ly$/.test(w) && w.length > 4 && !NOT_LY.has(w)) return 'adverb';
  // "did bayern lose", "the ones we irrigate": a base form after an auxiliary or a subject pronoun.
  // Not "does hillcrest have": a word before a verb there is its subject.
  const verbAfter = LIGHT.has(after) || VERB_FORMS.has(after);
  if (BEFORE_BASE.has(before) && !/s$/.test(w) && !verbAfter) return 'verb';
  if (/(al|ic|ous|ive|ful|less|ary|ish|ese|ian|.{3}able|.{3}ible)$/.test(w) && w.length > 4 && !NOT_ADJ.has(w))
    return 'adjective';
  return 'noun';
}
