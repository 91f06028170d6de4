// The local analyst's sentences in Simplified Chinese. Questions are still read in English: examples stay English.

import type { AggWord, PhraseBook } from '../phrase-book.js';
import { lists } from './lists.js';

const AGG: Record<AggWord, string> = {
  count: '计数',
  count_distinct: '去重计数',
  sum: '总和',
  avg: '平均值',
  min: '最小值',
  max: '最大值',
  number: '计算值',
};

export default {
  comma: '、',
  ...lists('zh-Hans'),
  quote: (text) => `“${text}”`,
  inline: (title) => title,

  askSomething: '请用英语就您的数据向我提问，例如“revenue by region last year”。',
  looking: '正在查找与问题相符的数据。',
  willQuery: (reading) => `我将查询：${reading}`,
  queryTitle: (measure, groups) => `${measure}${groups.length ? `（按${groups.join('、')}）` : ''}`,
  couldNotRun: (error) => `无法运行查询：${error}`,
  valuesUnread: (sources, error) => `无法读取 ${sources} 的值（${error}），因此可能没有识别出您提到的值。`,

  agg: AGG,
  measureAgg: (measure, agg) => `${measure}（${agg}）`,
  dividedBy: (count) => `除以${count}`,
  by: (groups) => `按${groups}`,
  byWeekday: '按星期几',
  byHour: '按一天中的小时',
  per: { day: '每天', week: '每周', month: '每月', quarter: '每季度', year: '每年' },
  weekdays: ['每周一', '每周二', '每周三', '每周四', '每周五', '每周六', '每周日'],
  onDays: (days) => `仅限${days}`,
  forRange: (field, range) => `${field}：${range}`,
  hasDate: (field) => `${field}不为空`,
  where: (conditions) => `条件：${conditions}`,
  keeping: (conditions) => `仅保留${conditions}的组`,
  top: (n) => `前 ${n} 名`,
  bottom: (n) => `后 ${n} 名`,
  highestFirst: '从高到低排列',
  lowestFirst: '从低到高排列',
  comparing: (x, y) => `比较${x}与${y}`,
  shareWhere: (conditions) => `${conditions}所占比例`,
  shareOfTotal: '各项占总数的比例',
  reading: (parts, source) => `${parts.join('，')}，来自${source}。`,
  isTrue: (field) => field,
  isFalse: (field) => `非${field}`,
  isUnset: (field) => `${field}未记录`,
  isAny: (field, values) => `${field}：${values}`,
  isNone: (field, values) => `${field}：非${values}`,
  compares: (field, op, values) => `${field} ${op} ${values}`,
  rangeDays: (from, to) => `${from}至${to}`,
  rangeFrom: (from) => `${from}起`,
  rangeUpTo: (to) => `截至${to}`,

  measured: (reading) => `我测量了：${reading}`,
  noRows: '没有匹配的行：结果为空，因此没有可报告的数字。',
  comparison: (x, vx, y, vy, difference, percentage) =>
    `**${x}**：${vx}；**${y}**：${vy}。差值（${y}减${x}）为 **${difference}**，${percentage}。`,
  noPercentage: '无百分比（第一个值为零）',
  sharePart: (percentage, part, total) => `**${percentage}**：${total}中的${part}。`,
  single: (value) => `结果为 **${value}**。`,
  periods: (count) => `${count} 个时间段：`,
  lowest: (label, value) => `最低：**${label}**，为 **${value}**。`,
  highest: (label, value) => `最高：**${label}**，为 **${value}**。`,
  showing: (shown, total) => `显示 ${total} 行中的 ${shown} 行。`,
  shareAxis: (measure) => `${measure}占比（%）`,

  noSources: '我找不到您有权访问的任何数据，因此无法回答。',
  whichValue: (words, fields) => `我无法确定您指的是哪个${words}：它是 ${fields} 的值。`,
  whichBreakdown: (fields) => `我无法确定您要哪种细分：${fields}。请指定一个。`,
  whichColumn: (words, fields) => `我无法确定${words}指的是哪一列：${fields}。`,
  unmapped: (words, _count, source, measures, dimensions) =>
    `我无法确定您想要哪个数字：${words}在 **${source}** 中没有对应项。我可以回答关于 ${measures}${dimensions ? `（按${dimensions}）` : ''}的问题。`,
  noValue: (words, source, dimensions) => `我在 **${source}** 中找不到${words}：${dimensions} 中没有这样写的值。`,
  noMeasure: (source, measures, agg) =>
    `我在 **${source}** 中找不到适合此问题的度量${agg ? `（${AGG[agg]}）` : ''}。现有：${measures}。`,
  noAggOf: (agg, fields, measures) => `模型中没有 ${fields} 的“${AGG[agg]}”度量。现有度量：${measures}。`,
  whichMeasure: (fields) => `我无法确定您指的是哪个度量：${fields}。请说明是哪一个。`,
  compareWhat: (value) => `我无法确定要将 ${value} 与什么比较：请指定一列或一种细分（“by …”）。`,
  whichDate: (fields) => `我无法确定您指的是哪个日期：${fields}。请指定一个。`,
  noDate: (source) => `无法应用日期：**${source}** 没有可用于筛选或分组的日期。`,
  rankWhat: (limit, measure) =>
    `我无法确定要对什么排名：请说明要哪一项的前 ${limit} 名（例如“top ${limit} … by ${measure}”）。`,
  twoPeriodsBroken: '无法按细分比较两个时间段：请询问两个总数，或按组询问一个时间段。',
  shareOfWhat: '我无法确定要计算什么的占比：请指定部分（例如某个状态值）或一种细分。',
  notShareable: (measure) => `无法将${measure}拆分为占比：它既不是计数也不是总和。`,
  whichData: (options) => `我无法确定您指的是哪些数据：${options}。`,
  measureIn: (measure, source) => `${source}中的 **${measure}**`,
} satisfies PhraseBook;
