// The local analyst's sentences in French. Questions are still read in English: examples stay English.

import type { AggWord, PhraseBook } from '../phrase-book.js';
import { lists } from './lists.js';

const AGG: Record<AggWord, string> = {
  count: 'nombre',
  count_distinct: 'nombre de valeurs distinctes',
  sum: 'somme',
  avg: 'moyenne',
  min: 'minimum',
  max: 'maximum',
  number: 'calculé',
};

export default {
  comma: ', ',
  ...lists('fr'),
  quote: (text) => `« ${text} »`,
  inline: (title) => title,

  askSomething: 'Posez-moi une question sur vos données, en anglais, par exemple « revenue by region last year ».',
  looking: 'Je cherche les données qui correspondent à la question. ',
  willQuery: (reading) => `Je vais interroger : ${reading}`,
  queryTitle: (measure, groups) => `${measure}${groups.length ? ` par ${groups.join(', ')}` : ''}`,
  couldNotRun: (error) => `Je n’ai pas pu exécuter la requête : ${error}`,
  valuesUnread: (sources, error) =>
    `Je n’ai pas pu lire les valeurs de ${sources} (${error}) : une valeur que vous y nommez m’a peut-être échappé.`,

  agg: AGG,
  measureAgg: (measure, agg) => `${measure} (${agg})`,
  dividedBy: (count) => `divisé par ${count}`,
  shareOf: (whole) => `en part de ${whole}`,
  by: (groups) => `par ${groups}`,
  byWeekday: 'par jour de la semaine',
  byHour: 'par heure de la journée',
  per: { day: 'par jour', week: 'par semaine', month: 'par mois', quarter: 'par trimestre', year: 'par an' },
  weekdays: ['le lundi', 'le mardi', 'le mercredi', 'le jeudi', 'le vendredi', 'le samedi', 'le dimanche'],
  onDays: (days) => `uniquement ${days}`,
  forRange: (field, range) => `pour ${field} ${range}`,
  hasDate: (field) => `avec ${field} renseigné`,
  where: (conditions) => `avec ${conditions}`,
  keeping: (conditions) => `en gardant les groupes où ${conditions}`,
  top: (n) => `les ${n} premiers`,
  bottom: (n) => `les ${n} derniers`,
  highestFirst: 'du plus élevé au plus bas',
  lowestFirst: 'du plus bas au plus élevé',
  comparing: (x, y) => `en comparant ${x} à ${y}`,
  shareWhere: (conditions) => `en part où ${conditions}`,
  shareOfTotal: 'en part de chacun dans le total',
  reading: (parts, source) => `${parts.join(', ')}, dans ${source}.`,
  isTrue: (field) => field,
  isFalse: (field) => `non ${field}`,
  isUnset: (field) => `${field} non renseigné`,
  isAny: (field, values) => `${field} : ${values}`,
  isNone: (field, values) => `${field} : pas ${values}`,
  compares: (field, op, values) => `${field} ${op} ${values}`,
  rangeDays: (from, to) => `du ${from} au ${to}`,
  rangeFrom: (from) => `à partir du ${from}`,
  rangeUpTo: (to) => `jusqu’au ${to}`,

  measured: (reading) => `J’ai mesuré : ${reading}`,
  noRows: 'Aucune ligne ne correspond : le résultat est vide, il n’y a donc aucun chiffre à donner.',
  comparison: (x, vx, y, vy, difference, percentage) =>
    `**${x}** : ${vx} ; **${y}** : ${vy}. L’écart (${y} moins ${x}) est de **${difference}**, ${percentage}.`,
  noPercentage: 'sans pourcentage (la première valeur est nulle)',
  sharePart: (percentage, part, total) => `**${percentage}** : ${part} sur ${total}.`,
  single: (value) => `Le résultat est **${value}**.`,
  periods: (count, plural) => `${count} ${plural === 'one' ? 'période' : 'périodes'} :`,
  lowest: (label, value) => `Le plus bas : **${label}** avec **${value}**.`,
  highest: (label, value) => `Le plus élevé : **${label}** avec **${value}**.`,
  showing: (shown, total) => `${shown} lignes affichées sur ${total}.`,
  shareAxis: (measure) => `Part de ${measure} (%)`,

  noSources: 'Je n’ai trouvé aucune donnée à laquelle vous avez accès, je ne peux donc pas répondre.',
  whichValue: (words, fields) => `Je ne sais pas quel ${words} vous voulez dire : c’est une valeur de ${fields}.`,
  whichBreakdown: (fields) => `Je ne sais pas quelle ventilation vous voulez : ${fields}. Merci d’en nommer une.`,
  whichColumn: (words, fields) => `Je ne sais pas à quelle colonne ${words} se rapporte : ${fields}.`,
  unmapped: (words, count, source, measures, dimensions) =>
    `Je ne sais pas quel chiffre vous voulez : ${words} ne ${count > 1 ? 'correspondent' : 'correspond'} à rien dans **${source}**. Je peux répondre sur ${measures}${dimensions ? `, par ${dimensions}` : ''}.`,
  noValue: (words, source, dimensions) =>
    `Je n’ai pas trouvé ${words} dans **${source}** : aucune valeur de ${dimensions} ne s’écrit ainsi.`,
  noMeasure: (source, measures, agg) =>
    `Je n’ai trouvé dans **${source}** aucune mesure${agg ? ` (${AGG[agg]})` : ''} pour cette question. Il contient : ${measures}.`,
  noAggOf: (agg, fields, measures) =>
    `Le modèle n’a pas de mesure « ${AGG[agg]} » pour ${fields}. Mesures disponibles : ${measures}.`,
  whichMeasure: (fields) => `Je ne sais pas quelle mesure vous voulez dire : ${fields}. Précisez laquelle.`,
  compareWhat: (value) => `Je ne sais pas à quoi comparer ${value} : nommez une colonne ou une ventilation (« by … »).`,
  whichDate: (fields) => `Je ne sais pas quelle date vous voulez dire : ${fields}. Merci d’en nommer une.`,
  noDate: (source) => `Je ne peux pas appliquer les dates : **${source}** n’a aucune date pour filtrer ou regrouper.`,
  rankWhat: (limit, measure) =>
    `Je ne sais pas quoi classer : dites de quoi vous voulez les ${limit} premiers (par exemple « top ${limit} … by ${measure} »).`,
  twoPeriodsBroken:
    'Je ne peux pas comparer deux périodes ventilées : demandez les deux totaux, ou une seule période par groupe.',
  shareOfWhat:
    'Je ne sais pas de quoi calculer une part : nommez la partie (une valeur, comme un statut) ou une ventilation.',
  notShareable: (measure) => `Je ne peux pas répartir ${measure} en parts : ce n’est ni un nombre ni une somme.`,
  whichData: (options) => `Je ne sais pas de quelles données vous parlez : ${options}.`,
  measureIn: (measure, source) => `**${measure}** dans ${source}`,
} satisfies PhraseBook;
