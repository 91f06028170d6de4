// The local analyst's sentences in Arabic (Modern Standard). Questions are still read in English: examples stay
// English. Counts are stated as "the number of …: n", which needs no agreement with the number.

import type { AggWord, PhraseBook } from '../phrase-book.js';
import { lists } from './lists.js';

const AGG: Record<AggWord, string> = {
  count: 'العدد',
  count_distinct: 'عدد القيم المميزة',
  sum: 'المجموع',
  avg: 'المتوسط',
  min: 'الحد الأدنى',
  max: 'الحد الأقصى',
  number: 'محسوب',
};

export default {
  comma: '، ',
  ...lists('ar'),
  quote: (text) => `«${text}»`,
  inline: (title) => title,

  askSomething: 'اطرح عليّ سؤالًا عن بياناتك باللغة الإنجليزية، مثلًا «revenue by region last year».',
  looking: 'أبحث عن البيانات المطابقة للسؤال. ',
  willQuery: (reading) => `سأستعلم عن: ${reading}`,
  queryTitle: (measure, groups) => `${measure}${groups.length ? ` حسب ${groups.join('، ')}` : ''}`,
  couldNotRun: (error) => `تعذّر تشغيل الاستعلام: ${error}`,
  valuesUnread: (sources, error) => `تعذّرت قراءة قيم ${sources} (${error})، لذا ربما لم أتعرّف على قيمة ذكرتها فيها.`,

  agg: AGG,
  measureAgg: (measure, agg) => `${measure} (${agg})`,
  dividedBy: (count) => `مقسومًا على ${count}`,
  shareOf: (whole) => `كنسبة من ${whole}`,
  by: (groups) => `حسب ${groups}`,
  byWeekday: 'حسب يوم الأسبوع',
  byHour: 'حسب ساعة اليوم',
  per: { day: 'يوميًا', week: 'أسبوعيًا', month: 'شهريًا', quarter: 'ربع سنويًا', year: 'سنويًا' },
  weekdays: [
    'أيام الاثنين',
    'أيام الثلاثاء',
    'أيام الأربعاء',
    'أيام الخميس',
    'أيام الجمعة',
    'أيام السبت',
    'أيام الأحد',
  ],
  onDays: (days) => `في ${days} فقط`,
  forRange: (field, range) => `بالنسبة إلى ${field}: ${range}`,
  hasDate: (field) => `حيث ${field} محدد`,
  where: (conditions) => `حيث ${conditions}`,
  keeping: (conditions) => `مع الإبقاء على المجموعات حيث ${conditions}`,
  top: (n) => `أعلى ${n}`,
  bottom: (n) => `أدنى ${n}`,
  highestFirst: 'مرتبةً من الأعلى إلى الأدنى',
  lowestFirst: 'مرتبةً من الأدنى إلى الأعلى',
  comparing: (x, y) => `بمقارنة ${x} مع ${y}`,
  shareWhere: (conditions) => `كنسبة حيث ${conditions}`,
  shareOfTotal: 'كنسبة كلٍّ منها من الإجمالي',
  reading: (parts, source) => `${parts.join('، ')}، من ${source}.`,
  isTrue: (field) => field,
  isFalse: (field) => `ليس ${field}`,
  isUnset: (field) => `${field} غير مسجل`,
  isAny: (field, values) => `${field}: ${values}`,
  isNone: (field, values) => `${field}: ليس ${values}`,
  compares: (field, op, values) => `${field} ${op} ${values}`,
  rangeDays: (from, to) => `من ${from} إلى ${to}`,
  rangeFrom: (from) => `منذ ${from}`,
  rangeUpTo: (to) => `حتى ${to}`,

  measured: (reading) => `قِستُ: ${reading}`,
  noRows: 'لا توجد صفوف مطابقة: النتيجة فارغة، لذا لا يوجد رقم للإبلاغ عنه.',
  comparison: (x, vx, y, vy, difference, percentage) =>
    `**${x}**: ${vx}؛ **${y}**: ${vy}. الفرق (${y} ناقص ${x}) هو **${difference}**، ${percentage}.`,
  noPercentage: 'بلا نسبة مئوية (القيمة الأولى صفر)',
  sharePart: (percentage, part, total) => `**${percentage}**: ${part} من ${total}.`,
  single: (value) => `النتيجة هي **${value}**.`,
  periods: (count) => `عدد الفترات: ${count}.`,
  lowest: (label, value) => `الأدنى: **${label}** بقيمة **${value}**.`,
  highest: (label, value) => `الأعلى: **${label}** بقيمة **${value}**.`,
  showing: (shown, total) => `الصفوف المعروضة: ${shown} من ${total}.`,
  shareAxis: (measure) => `نسبة ${measure} (%)`,

  noSources: 'لم أجد أي بيانات يمكنك الوصول إليها، لذا لا أستطيع الإجابة.',
  whichValue: (words, fields) => `لم أتمكن من معرفة المقصود بـ${words}: إنه قيمة من ${fields}.`,
  whichBreakdown: (fields) => `لم أتمكن من معرفة التقسيم المقصود: ${fields}. يُرجى تحديد واحد.`,
  whichColumn: (words, fields) => `لم أتمكن من معرفة العمود الذي يشير إليه ${words}: ${fields}.`,
  unmapped: (words, count, source, measures, dimensions) =>
    `لم أتمكن من معرفة الرقم المطلوب: ${words} لا ${count > 1 ? 'تطابق' : 'يطابق'} أي شيء في **${source}**. يمكنني الإجابة عن ${measures}${dimensions ? `، حسب ${dimensions}` : ''}.`,
  noValue: (words, source, dimensions) =>
    `لم أتمكن من العثور على ${words} في **${source}**: لا توجد قيمة من ${dimensions} مكتوبة هكذا.`,
  noMeasure: (source, measures, agg) =>
    `لم أجد في **${source}** مقياسًا${agg ? ` (${AGG[agg]})` : ''} مناسبًا لهذا السؤال. المتوفر: ${measures}.`,
  noAggOf: (agg, fields, measures) =>
    `لا يحتوي النموذج على مقياس «${AGG[agg]}» من ${fields}. المقاييس المتوفرة: ${measures}.`,
  whichMeasure: (fields) => `لم أتمكن من معرفة المقياس المقصود: ${fields}. يُرجى تحديده.`,
  compareWhat: (value) => `لم أتمكن من معرفة ما يجب مقارنة ${value} به: اذكر عمودًا أو تقسيمًا («by …»).`,
  whichDate: (fields) => `لم أتمكن من معرفة التاريخ المقصود: ${fields}. يُرجى تحديد واحد.`,
  noDate: (source) => `تعذّر تطبيق التواريخ: لا يحتوي **${source}** على تاريخ للتصفية أو التجميع.`,
  rankWhat: (limit, measure) =>
    `لم أتمكن من معرفة ما يجب ترتيبه: حدِّد ما تريد أعلى ${limit} منه (مثلًا «top ${limit} … by ${measure}»).`,
  twoPeriodsBroken: 'لا يمكنني مقارنة فترتين مع تقسيم: اطلب الإجماليين، أو فترة واحدة حسب المجموعة.',
  shareOfWhat: 'لم أتمكن من معرفة النسبة المطلوبة: اذكر الجزء (قيمة مثل حالة) أو تقسيمًا.',
  notShareable: (measure) => `لا يمكنني تقسيم ${measure} إلى نسب: فهو ليس عددًا ولا مجموعًا.`,
  whichData: (options) => `لم أتمكن من معرفة البيانات المقصودة: ${options}.`,
  measureIn: (measure, source) => `**${measure}** في ${source}`,
} satisfies PhraseBook;
