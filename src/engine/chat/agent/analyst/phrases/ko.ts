// The local analyst's sentences in Korean. Questions are still read in English: examples stay English.

import type { AggWord, PhraseBook } from '../phrase-book.js';
import { lists } from './lists.js';

const AGG: Record<AggWord, string> = {
  count: '개수',
  count_distinct: '고유 값 개수',
  sum: '합계',
  avg: '평균',
  min: '최솟값',
  max: '최댓값',
  number: '계산값',
};

export default {
  comma: ', ',
  ...lists('ko'),
  quote: (text) => `“${text}”`,
  inline: (title) => title,

  askSomething: '데이터에 대해 영어로 질문해 주세요. 예: “revenue by region last year”.',
  looking: '질문에 맞는 데이터를 찾고 있습니다. ',
  willQuery: (reading) => `다음을 조회합니다: ${reading}`,
  queryTitle: (measure, groups) => `${measure}${groups.length ? ` (${groups.join(', ')}별)` : ''}`,
  couldNotRun: (error) => `쿼리를 실행할 수 없습니다: ${error}`,
  valuesUnread: (sources, error) =>
    `${sources}의 값을 읽을 수 없었습니다(${error}). 그 안의 값을 알아보지 못했을 수 있습니다.`,

  agg: AGG,
  measureAgg: (measure, agg) => `${measure} (${agg})`,
  dividedBy: (count) => `${count}(으)로 나눈 값`,
  shareOf: (whole) => `${whole} 대비 비율`,
  by: (groups) => `${groups}별`,
  byWeekday: '요일별',
  byHour: '시간대별',
  per: { day: '일별', week: '주별', month: '월별', quarter: '분기별', year: '연도별' },
  weekdays: ['월요일', '화요일', '수요일', '목요일', '금요일', '토요일', '일요일'],
  onDays: (days) => `${days}만`,
  forRange: (field, range) => `${field}: ${range}`,
  hasDate: (field) => `${field}이(가) 있는 행`,
  where: (conditions) => `조건: ${conditions}`,
  keeping: (conditions) => `${conditions}인 그룹만`,
  top: (n) => `상위 ${n}개`,
  bottom: (n) => `하위 ${n}개`,
  highestFirst: '높은 순',
  lowestFirst: '낮은 순',
  comparing: (x, y) => `${x} 대 ${y} 비교`,
  shareWhere: (conditions) => `${conditions}의 비율`,
  shareOfTotal: '전체에서 각 항목이 차지하는 비율',
  reading: (parts, source) => `${parts.join(', ')}, 출처: ${source}.`,
  isTrue: (field) => field,
  isFalse: (field) => `${field} 아님`,
  isUnset: (field) => `${field} 기록 없음`,
  isAny: (field, values) => `${field}: ${values}`,
  isNone: (field, values) => `${field}: ${values} 제외`,
  compares: (field, op, values) => `${field} ${op} ${values}`,
  rangeDays: (from, to) => `${from}~${to}`,
  rangeFrom: (from) => `${from}부터`,
  rangeUpTo: (to) => `${to}까지`,

  measured: (reading) => `측정한 내용: ${reading}`,
  noRows: '일치하는 행이 없습니다. 결과가 비어 있으므로 보고할 숫자가 없습니다.',
  comparison: (x, vx, y, vy, difference, percentage) =>
    `**${x}**: ${vx}, **${y}**: ${vy}. 차이(${y} - ${x})는 **${difference}**입니다(${percentage}).`,
  noPercentage: '첫 번째 값이 0이므로 백분율 없음',
  sharePart: (percentage, part, total) => `**${percentage}**: ${total} 중 ${part}.`,
  single: (value) => `결과는 **${value}**입니다.`,
  periods: (count) => `${count}개 기간:`,
  lowest: (label, value) => `가장 낮음: **${label}**, **${value}**.`,
  highest: (label, value) => `가장 높음: **${label}**, **${value}**.`,
  showing: (shown, total) => `${total}개 행 중 ${shown}개를 표시합니다.`,
  shareAxis: (measure) => `${measure} 비율(%)`,

  noSources: '접근 권한이 있는 데이터를 찾을 수 없어 답변할 수 없습니다.',
  whichValue: (words, fields) => `${words}이(가) 무엇을 가리키는지 알 수 없습니다: ${fields}의 값입니다.`,
  whichBreakdown: (fields) => `어떤 분류를 원하시는지 알 수 없습니다: ${fields}. 하나를 지정해 주세요.`,
  whichColumn: (words, fields) => `${words}이(가) 어느 열에 관한 것인지 알 수 없습니다: ${fields}.`,
  unmapped: (words, _count, source, measures, dimensions) =>
    `원하시는 숫자를 알 수 없습니다: ${words}은(는) **${source}**의 어떤 항목과도 일치하지 않습니다. ${measures}${dimensions ? `(${dimensions}별)` : ''}에 대해 답변할 수 있습니다.`,
  noValue: (words, source, dimensions) =>
    `**${source}**에서 ${words}을(를) 찾을 수 없습니다: ${dimensions}에 그렇게 쓰인 값이 없습니다.`,
  noMeasure: (source, measures, agg) =>
    `**${source}**에서 이 질문에 맞는 측정값${agg ? `(${AGG[agg]})` : ''}을 찾을 수 없습니다. 있는 항목: ${measures}.`,
  noAggOf: (agg, fields, measures) => `모델에 ${fields}의 ‘${AGG[agg]}’ 측정값이 없습니다. 있는 측정값: ${measures}.`,
  whichMeasure: (fields) => `어떤 측정값을 말씀하시는지 알 수 없습니다: ${fields}. 어느 것인지 알려 주세요.`,
  compareWhat: (value) => `${value}을(를) 무엇과 비교할지 알 수 없습니다. 열이나 분류(“by …”)를 지정해 주세요.`,
  whichDate: (fields) => `어떤 날짜를 말씀하시는지 알 수 없습니다: ${fields}. 하나를 지정해 주세요.`,
  noDate: (source) => `날짜를 적용할 수 없습니다: **${source}**에는 필터링하거나 그룹화할 날짜가 없습니다.`,
  rankWhat: (limit, measure) =>
    `무엇의 순위를 매길지 알 수 없습니다. 무엇의 상위 ${limit}개인지 알려 주세요(예: “top ${limit} … by ${measure}”).`,
  twoPeriodsBroken: '분류별로 두 기간을 비교할 수 없습니다. 두 합계를 묻거나 한 기간을 그룹별로 물어보세요.',
  shareOfWhat: '무엇의 비율인지 알 수 없습니다. 부분(상태 같은 값)이나 분류를 지정해 주세요.',
  notShareable: (measure) => `${measure}은(는) 개수나 합계가 아니므로 비율로 나눌 수 없습니다.`,
  whichData: (options) => `어떤 데이터를 말씀하시는지 알 수 없습니다: ${options}.`,
  measureIn: (measure, source) => `${source}의 **${measure}**`,
} satisfies PhraseBook;
