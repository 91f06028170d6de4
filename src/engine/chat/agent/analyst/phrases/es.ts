// The local analyst's sentences in Spanish. Questions are still read in English: examples stay English.

import type { AggWord, PhraseBook } from '../phrase-book.js';
import { lists } from './lists.js';

const AGG: Record<AggWord, string> = {
  count: 'recuento',
  count_distinct: 'recuento de valores distintos',
  sum: 'suma',
  avg: 'promedio',
  min: 'mínimo',
  max: 'máximo',
  number: 'calculado',
};

export default {
  comma: ', ',
  ...lists('es'),
  quote: (text) => `«${text}»`,
  inline: (title) => title,

  askSomething: 'Hazme una pregunta sobre tus datos, en inglés, por ejemplo «revenue by region last year».',
  looking: 'Busco los datos que corresponden a la pregunta. ',
  willQuery: (reading) => `Voy a consultar: ${reading}`,
  queryTitle: (measure, groups) => `${measure}${groups.length ? ` por ${groups.join(', ')}` : ''}`,
  couldNotRun: (error) => `No pude ejecutar la consulta: ${error}`,
  valuesUnread: (sources, error) =>
    `No pude leer los valores de ${sources} (${error}), así que quizá no reconocí un valor que nombró allí.`,

  agg: AGG,
  measureAgg: (measure, agg) => `${measure} (${agg})`,
  dividedBy: (count) => `dividido entre ${count}`,
  shareOf: (whole) => `como proporción de ${whole}`,
  by: (groups) => `por ${groups}`,
  byWeekday: 'por día de la semana',
  byHour: 'por hora del día',
  per: { day: 'por día', week: 'por semana', month: 'por mes', quarter: 'por trimestre', year: 'por año' },
  weekdays: ['los lunes', 'los martes', 'los miércoles', 'los jueves', 'los viernes', 'los sábados', 'los domingos'],
  onDays: (days) => `solo ${days}`,
  forRange: (field, range) => `para ${field} ${range}`,
  hasDate: (field) => `con ${field} informado`,
  where: (conditions) => `con ${conditions}`,
  keeping: (conditions) => `conservando los grupos con ${conditions}`,
  top: (n) => `los ${n} primeros`,
  bottom: (n) => `los ${n} últimos`,
  highestFirst: 'de mayor a menor',
  lowestFirst: 'de menor a mayor',
  comparing: (x, y) => `comparando ${x} con ${y}`,
  shareWhere: (conditions) => `como proporción con ${conditions}`,
  shareOfTotal: 'como la proporción de cada uno en el total',
  reading: (parts, source) => `${parts.join(', ')}, de ${source}.`,
  isTrue: (field) => field,
  isFalse: (field) => `no ${field}`,
  isUnset: (field) => `${field} sin registrar`,
  isAny: (field, values) => `${field}: ${values}`,
  isNone: (field, values) => `${field}: no ${values}`,
  compares: (field, op, values) => `${field} ${op} ${values}`,
  rangeDays: (from, to) => `del ${from} al ${to}`,
  rangeFrom: (from) => `desde el ${from}`,
  rangeUpTo: (to) => `hasta el ${to}`,

  measured: (reading) => `He medido: ${reading}`,
  noRows: 'Ninguna fila coincide: el resultado está vacío, así que no hay ninguna cifra que dar.',
  comparison: (x, vx, y, vy, difference, percentage) =>
    `**${x}**: ${vx}; **${y}**: ${vy}. La diferencia (${y} menos ${x}) es **${difference}**, ${percentage}.`,
  noPercentage: 'sin porcentaje (el primer valor es cero)',
  sharePart: (percentage, part, total) => `**${percentage}**: ${part} de ${total}.`,
  single: (value) => `El resultado es **${value}**.`,
  periods: (count, plural) => `${count} ${plural === 'one' ? 'periodo' : 'periodos'}:`,
  lowest: (label, value) => `El más bajo: **${label}** con **${value}**.`,
  highest: (label, value) => `El más alto: **${label}** con **${value}**.`,
  showing: (shown, total) => `Se muestran ${shown} de ${total} filas.`,
  shareAxis: (measure) => `Proporción de ${measure} (%)`,

  noSources: 'No encontré ningún dato al que tengas acceso, así que no puedo responder.',
  whichValue: (words, fields) => `No sé a qué ${words} te refieres: es un valor de ${fields}.`,
  whichBreakdown: (fields) => `No sé qué desglose quieres: ${fields}. Indica uno, por favor.`,
  whichColumn: (words, fields) => `No sé a qué columna se refiere ${words}: ${fields}.`,
  unmapped: (words, count, source, measures, dimensions) =>
    `No sé qué cifra quieres: ${words} no ${count > 1 ? 'corresponden' : 'corresponde'} a nada en **${source}**. Puedo responder sobre ${measures}${dimensions ? `, por ${dimensions}` : ''}.`,
  noValue: (words, source, dimensions) =>
    `No encontré ${words} en **${source}**: ningún valor de ${dimensions} se escribe así.`,
  noMeasure: (source, measures, agg) =>
    `No encontré en **${source}** ninguna medida${agg ? ` (${AGG[agg]})` : ''} para esta pregunta. Contiene: ${measures}.`,
  noAggOf: (agg, fields, measures) =>
    `El modelo no tiene una medida «${AGG[agg]}» de ${fields}. Medidas disponibles: ${measures}.`,
  whichMeasure: (fields) => `No sé a qué medida te refieres: ${fields}. Indica cuál, por favor.`,
  compareWhat: (value) => `No sé con qué comparar ${value}: indica una columna o un desglose («by …»).`,
  whichDate: (fields) => `No sé a qué fecha te refieres: ${fields}. Indica una, por favor.`,
  noDate: (source) => `No puedo aplicar las fechas: **${source}** no tiene ninguna fecha para filtrar o agrupar.`,
  rankWhat: (limit, measure) =>
    `No sé qué clasificar: di de qué quieres los ${limit} primeros (por ejemplo «top ${limit} … by ${measure}»).`,
  twoPeriodsBroken: 'No puedo comparar dos periodos desglosados: pide los dos totales, o un solo periodo por grupo.',
  shareOfWhat: 'No sé de qué quieres la proporción: indica la parte (un valor, como un estado) o un desglose.',
  notShareable: (measure) => `No puedo dividir ${measure} en proporciones: no es un recuento ni una suma.`,
  whichData: (options) => `No sé a qué datos te refieres: ${options}.`,
  measureIn: (measure, source) => `**${measure}** en ${source}`,
} satisfies PhraseBook;
