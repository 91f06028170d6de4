// The local analyst's sentences in Japanese. Questions are still read in English: examples stay English.

import type { AggWord, PhraseBook } from '../phrase-book.js';
import { lists } from './lists.js';

const AGG: Record<AggWord, string> = {
  count: '件数',
  count_distinct: '異なる値の数',
  sum: '合計',
  avg: '平均',
  min: '最小',
  max: '最大',
  number: '計算値',
};

export default {
  comma: '、',
  ...lists('ja'),
  quote: (text) => `「${text}」`,
  inline: (title) => title,

  askSomething: 'データについて英語で質問してください。例：「revenue by region last year」。',
  looking: '質問に合うデータを探しています。',
  willQuery: (reading) => `次の内容を照会します：${reading}`,
  queryTitle: (measure, groups) => `${measure}${groups.length ? `（${groups.join('、')}別）` : ''}`,
  couldNotRun: (error) => `クエリを実行できませんでした：${error}`,
  valuesUnread: (sources, error) =>
    `${sources} の値を読み取れませんでした（${error}）。そこにある値を認識できなかった可能性があります。`,

  agg: AGG,
  measureAgg: (measure, agg) => `${measure}（${agg}）`,
  dividedBy: (count) => `${count}で割った値`,
  shareOf: (whole) => `${whole}に占める割合`,
  by: (groups) => `${groups}別`,
  byWeekday: '曜日別',
  byHour: '時間帯別',
  per: { day: '日ごと', week: '週ごと', month: '月ごと', quarter: '四半期ごと', year: '年ごと' },
  weekdays: ['月曜日', '火曜日', '水曜日', '木曜日', '金曜日', '土曜日', '日曜日'],
  onDays: (days) => `${days}のみ`,
  forRange: (field, range) => `${field}：${range}`,
  hasDate: (field) => `${field}がある行`,
  where: (conditions) => `条件：${conditions}`,
  keeping: (conditions) => `${conditions}のグループのみ`,
  top: (n) => `上位${n}件`,
  bottom: (n) => `下位${n}件`,
  highestFirst: '高い順',
  lowestFirst: '低い順',
  comparing: (x, y) => `${x}と${y}の比較`,
  shareWhere: (conditions) => `${conditions}の割合`,
  shareOfTotal: '合計に占めるそれぞれの割合',
  reading: (parts, source) => `${parts.join('、')}（${source}より）。`,
  isTrue: (field) => field,
  isFalse: (field) => `${field}ではない`,
  isUnset: (field) => `${field}の記録なし`,
  isAny: (field, values) => `${field}：${values}`,
  isNone: (field, values) => `${field}：${values}以外`,
  compares: (field, op, values) => `${field} ${op} ${values}`,
  rangeDays: (from, to) => `${from}～${to}`,
  rangeFrom: (from) => `${from}以降`,
  rangeUpTo: (to) => `${to}まで`,

  measured: (reading) => `測定した内容：${reading}`,
  noRows: '該当する行がありません。結果が空のため、報告できる数値はありません。',
  comparison: (x, vx, y, vy, difference, percentage) =>
    `**${x}**：${vx}、**${y}**：${vy}。差（${y} − ${x}）は **${difference}**（${percentage}）です。`,
  noPercentage: '最初の値がゼロのため割合なし',
  sharePart: (percentage, part, total) => `**${percentage}**：${total}のうち${part}。`,
  single: (value) => `結果は **${value}** です。`,
  periods: (count) => `${count}期間：`,
  lowest: (label, value) => `最も低いのは **${label}**（**${value}**）です。`,
  highest: (label, value) => `最も高いのは **${label}**（**${value}**）です。`,
  showing: (shown, total) => `${total}行のうち${shown}行を表示しています。`,
  shareAxis: (measure) => `${measure}の割合（%）`,

  noSources: 'アクセスできるデータが見つからないため、お答えできません。',
  whichValue: (words, fields) => `${words}がどれを指すのか分かりませんでした。${fields}の値です。`,
  whichBreakdown: (fields) => `どの内訳を指すのか分かりませんでした：${fields}。どれか一つを指定してください。`,
  whichColumn: (words, fields) => `${words}がどの列についてのものか分かりませんでした：${fields}。`,
  unmapped: (words, _count, source, measures, dimensions) =>
    `どの数値が必要か分かりませんでした：${words}は **${source}** のどれにも該当しません。お答えできるのは ${measures}${dimensions ? `（${dimensions}別）` : ''}についてです。`,
  noValue: (words, source, dimensions) =>
    `**${source}** に${words}は見つかりませんでした。${dimensions}にそのように書かれた値はありません。`,
  noMeasure: (source, measures, agg) =>
    `**${source}** に、この質問に合うメジャー${agg ? `（${AGG[agg]}）` : ''}が見つかりませんでした。あるのは ${measures} です。`,
  noAggOf: (agg, fields, measures) =>
    `モデルには ${fields} の「${AGG[agg]}」のメジャーがありません。存在するメジャー：${measures}。`,
  whichMeasure: (fields) => `どのメジャーを指すのか分かりませんでした：${fields}。どれか指定してください。`,
  compareWhat: (value) => `${value}を何と比較するのか分かりませんでした。列または内訳（「by …」）を指定してください。`,
  whichDate: (fields) => `どの日付を指すのか分かりませんでした：${fields}。どれか一つを指定してください。`,
  noDate: (source) => `日付を適用できませんでした：**${source}** には絞り込みやグループ化に使える日付がありません。`,
  rankWhat: (limit, measure) =>
    `何を順位付けするのか分かりませんでした。何の上位${limit}件かを指定してください（例：「top ${limit} … by ${measure}」）。`,
  twoPeriodsBroken:
    '内訳を付けたまま2つの期間を比較することはできません。2つの合計を尋ねるか、1つの期間をグループ別に尋ねてください。',
  shareOfWhat: '何の割合か分かりませんでした。部分（ステータスなどの値）または内訳を指定してください。',
  notShareable: (measure) => `${measure}は件数でも合計でもないため、割合に分けられません。`,
  whichData: (options) => `どのデータを指すのか分かりませんでした：${options}。`,
  measureIn: (measure, source) => `${source}の **${measure}**`,
} satisfies PhraseBook;
