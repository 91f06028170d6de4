// The local analyst's sentences in Brazilian Portuguese. Questions are still read in English: examples stay English.

import type { AggWord, PhraseBook } from '../phrase-book.js';
import { lists } from './lists.js';

const AGG: Record<AggWord, string> = {
  count: 'contagem',
  count_distinct: 'contagem de valores distintos',
  sum: 'soma',
  avg: 'média',
  min: 'mínimo',
  max: 'máximo',
  number: 'calculado',
};

export default {
  comma: ', ',
  ...lists('pt-BR'),
  quote: (text) => `“${text}”`,
  inline: (title) => title,

  askSomething: 'Faça uma pergunta sobre seus dados, em inglês, por exemplo “revenue by region last year”.',
  looking: 'Procurando os dados que correspondem à pergunta. ',
  willQuery: (reading) => `Vou consultar: ${reading}`,
  queryTitle: (measure, groups) => `${measure}${groups.length ? ` por ${groups.join(', ')}` : ''}`,
  couldNotRun: (error) => `Não consegui executar a consulta: ${error}`,
  valuesUnread: (sources, error) =>
    `Não consegui ler os valores de ${sources} (${error}), então talvez eu não tenha reconhecido um valor que você citou ali.`,

  agg: AGG,
  measureAgg: (measure, agg) => `${measure} (${agg})`,
  dividedBy: (count) => `dividido por ${count}`,
  shareOf: (whole) => `como participação em ${whole}`,
  by: (groups) => `por ${groups}`,
  byWeekday: 'por dia da semana',
  byHour: 'por hora do dia',
  per: { day: 'por dia', week: 'por semana', month: 'por mês', quarter: 'por trimestre', year: 'por ano' },
  weekdays: ['às segundas', 'às terças', 'às quartas', 'às quintas', 'às sextas', 'aos sábados', 'aos domingos'],
  onDays: (days) => `somente ${days}`,
  forRange: (field, range) => `para ${field} ${range}`,
  hasDate: (field) => `com ${field} preenchido`,
  where: (conditions) => `com ${conditions}`,
  keeping: (conditions) => `mantendo os grupos com ${conditions}`,
  top: (n) => `os ${n} primeiros`,
  bottom: (n) => `os ${n} últimos`,
  highestFirst: 'do maior para o menor',
  lowestFirst: 'do menor para o maior',
  comparing: (x, y) => `comparando ${x} com ${y}`,
  shareWhere: (conditions) => `como participação com ${conditions}`,
  shareOfTotal: 'como a participação de cada um no total',
  reading: (parts, source) => `${parts.join(', ')}, de ${source}.`,
  isTrue: (field) => field,
  isFalse: (field) => `não ${field}`,
  isUnset: (field) => `${field} não registrado`,
  isAny: (field, values) => `${field}: ${values}`,
  isNone: (field, values) => `${field}: não ${values}`,
  compares: (field, op, values) => `${field} ${op} ${values}`,
  rangeDays: (from, to) => `de ${from} a ${to}`,
  rangeFrom: (from) => `a partir de ${from}`,
  rangeUpTo: (to) => `até ${to}`,

  measured: (reading) => `Medi: ${reading}`,
  noRows: 'Nenhuma linha corresponde: o resultado está vazio, então não há número a informar.',
  comparison: (x, vx, y, vy, difference, percentage) =>
    `**${x}**: ${vx}; **${y}**: ${vy}. A diferença (${y} menos ${x}) é **${difference}**, ${percentage}.`,
  noPercentage: 'sem porcentagem (o primeiro valor é zero)',
  sharePart: (percentage, part, total) => `**${percentage}**: ${part} de ${total}.`,
  single: (value) => `O resultado é **${value}**.`,
  periods: (count, plural) => `${count} ${plural === 'one' ? 'período' : 'períodos'}:`,
  lowest: (label, value) => `Menor: **${label}** com **${value}**.`,
  highest: (label, value) => `Maior: **${label}** com **${value}**.`,
  showing: (shown, total) => `Mostrando ${shown} de ${total} linhas.`,
  shareAxis: (measure) => `Participação em ${measure} (%)`,

  noSources: 'Não encontrei nenhum dado a que você tenha acesso, então não posso responder.',
  whichValue: (words, fields) => `Não sei a qual ${words} você se refere: é um valor de ${fields}.`,
  whichBreakdown: (fields) => `Não sei qual detalhamento você quer: ${fields}. Indique um, por favor.`,
  whichColumn: (words, fields) => `Não sei a qual coluna ${words} se refere: ${fields}.`,
  unmapped: (words, count, source, measures, dimensions) =>
    `Não sei qual número você quer: ${words} não ${count > 1 ? 'correspondem' : 'corresponde'} a nada em **${source}**. Posso responder sobre ${measures}${dimensions ? `, por ${dimensions}` : ''}.`,
  noValue: (words, source, dimensions) =>
    `Não encontrei ${words} em **${source}**: nenhum valor de ${dimensions} é escrito assim.`,
  noMeasure: (source, measures, agg) =>
    `Não encontrei em **${source}** nenhuma medida${agg ? ` (${AGG[agg]})` : ''} para esta pergunta. Ele contém: ${measures}.`,
  noAggOf: (agg, fields, measures) =>
    `O modelo não tem uma medida “${AGG[agg]}” de ${fields}. Medidas disponíveis: ${measures}.`,
  whichMeasure: (fields) => `Não sei a qual medida você se refere: ${fields}. Diga qual, por favor.`,
  compareWhat: (value) => `Não sei com o que comparar ${value}: indique uma coluna ou um detalhamento (“by …”).`,
  whichDate: (fields) => `Não sei a qual data você se refere: ${fields}. Indique uma, por favor.`,
  noDate: (source) => `Não posso aplicar as datas: **${source}** não tem data para filtrar ou agrupar.`,
  rankWhat: (limit, measure) =>
    `Não sei o que classificar: diga de que você quer os ${limit} primeiros (por exemplo “top ${limit} … by ${measure}”).`,
  twoPeriodsBroken: 'Não posso comparar dois períodos detalhados: peça os dois totais, ou um único período por grupo.',
  shareOfWhat: 'Não sei de que calcular a participação: indique a parte (um valor, como um status) ou um detalhamento.',
  notShareable: (measure) => `Não posso dividir ${measure} em participações: não é uma contagem nem uma soma.`,
  whichData: (options) => `Não sei a quais dados você se refere: ${options}.`,
  measureIn: (measure, source) => `**${measure}** em ${source}`,
} satisfies PhraseBook;
