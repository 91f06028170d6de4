// English forms the stemmer's suffix rules cannot reach: irregular verbs (past and past participle → the base form)
// and irregular plurals, so "flew" meets a member named `fly_time`, "brought in" meets `bring`, "shelves" meets
// `shelf`. Language data, not our models' words. Left out on purpose: forms that are also everyday nouns or names
// and would meet the wrong member (saw, felt, found, ground, bound, wound, rose, fell, lay, led, fed, met, lit, left,
// shot, spoke, tore, bore, dove, lives, leaves, media); forms equal to their base (cut, put, set, cost, hit…) need
// nothing.

import { ownTable } from '../../../../util/own.js';

/** Each line: a base form, then its irregular forms. */
const FORMS = `
arise arose arisen|awake awoke awoken|be was were been is are|bear borne|beat beaten|become became|begin began begun
bend bent|bite bitten|bleed bled|blow blew blown|break broke broken|breed bred|bring brought|build built
burn burnt|buy bought|catch caught|choose chose chosen|cling clung|come came|creep crept|deal dealt|dig dug
do did done does|draw drew drawn|dream dreamt|drink drank drunk|drive drove driven|eat ate eaten|fall fallen
fight fought|flee fled|fly flew flown|forbid forbade forbidden|forget forgot forgotten|forgive forgave forgiven
freeze froze frozen|get got gotten|give gave given|go went gone|grow grew grown|hang hung|have has had
hear heard|hide hid hidden|hold held|keep kept|kneel knelt|know knew known|lean leant|leap leapt|learn learnt
lend lent|lose lost|make made|mean meant|overtake overtook overtaken|pay paid|prove proven|rebuild rebuilt
ride rode ridden|ring rang rung|rise risen|run ran|say said|see seen|seek sought|sell sold|send sent
shake shook shaken|shine shone|show shown|shrink shrank shrunk|sing sang sung|sink sank sunk|sit sat
sleep slept|slide slid|speak spoken|speed sped|spend spent|spin spun|spring sprang sprung|stand stood
steal stole stolen|stick stuck|sting stung|strike struck stricken|swear swore sworn|sweep swept|swim swam swum
swing swung|take took taken|teach taught|tear torn|tell told|think thought|throw threw thrown
undergo underwent undergone|understand understood|uphold upheld|wake woke woken|wear wore worn|weave wove woven
weep wept|win won|withdraw withdrew withdrawn|write wrote written
person people|child children|man men|woman women|foot feet|tooth teeth|goose geese|mouse mice|ox oxen
criterion criteria|phenomenon phenomena|analysis analyses|crisis crises|thesis theses|diagnosis diagnoses
index indices|matrix matrices|vertex vertices|appendix appendices|half halves|shelf shelves|wolf wolves
calf calves|wife wives|knife knives|loaf loaves|thief thieves|data`;

/** Irregular form → base form (a base maps to itself where a rule would mangle it: "data"). */
export const IRREGULAR: Readonly<Record<string, string>> = ownTable(
  Object.fromEntries(
    FORMS.split(/[|\n]/)
      .map((line) => line.trim().split(/\s+/))
      .filter((words) => words[0])
      .flatMap(([base, ...forms]) => (forms.length === 0 ? [[base, base]] : forms.map((form) => [form, base]))),
  ) as Record<string, string>,
);

/**
 * The irregular past forms of verbs (the lines before the plurals, less each base form, which is often a noun too:
 * "spend", "run"), as written: "lost", "came", "sold".
 */
export const VERB_FORMS: ReadonlySet<string> = new Set(
  FORMS.split('person people')[0]
    .split(/[|\n]/)
    .flatMap((line) => line.trim().split(/\s+/).slice(1)),
);
