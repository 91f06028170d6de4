// Questions about the clinic model, with answers computed from its rows in plain JavaScript.
import { clinicRows as rows } from '../../../fixtures/analyst/clinic.js';
import {
  avg,
  compare,
  count,
  distinct,
  evaluate as ev,
  inRange,
  max,
  share,
  sum,
  trunc,
  type Row,
} from '../../../fixtures/analyst/rows.js';
import type { Case } from './corpus.js';

const at = (from: string, to: string) => inRange('visited_at', from, to);
const and =
  (...ps: ((r: Row) => boolean)[]) =>
  (r: Row) =>
    ps.every((p) => p(r));
const col = (k: string) => (r: Row) => r[k];
const is = (k: string, v: unknown) => (r: Row) => r[k] === v;
const charges = sum('charge');
const wait = avg('wait_minutes');
const patientsSeen = distinct('patient_id');
const n = (e: Parameters<typeof ev>[1]) => ev(rows, e)[0][0] as number;
const Y25 = at('2025-01-01', '2025-12-31');

export const clinicCases: Case[] = [
  { q: 'How many visits did we have?', want: ev(rows, { agg: count }) },
  { q: 'How many visits in February 2024?', want: ev(rows, { where: at('2024-02-01', '2024-02-29'), agg: count }) },
  { q: 'total charges in Q3 2024', want: ev(rows, { where: at('2024-07-01', '2024-09-30'), agg: charges }) },
  { q: 'Visits last month', want: ev(rows, { where: at('2025-12-01', '2025-12-31'), agg: count }) },
  { q: 'visits in the last 90 days', want: ev(rows, { where: at('2025-10-18', '2026-01-15'), agg: count }) },
  { q: 'charges this year', want: ev(rows, { where: at('2026-01-01', '2026-12-31'), agg: charges }) },
  { q: 'How many visits since March?', want: ev(rows, { where: at('2025-03-01', '2026-01-15'), agg: count }) },
  { q: 'visits between May and July 2023', want: ev(rows, { where: at('2023-05-01', '2023-07-31'), agg: count }) },
  { q: 'total charges year to date', want: ev(rows, { where: at('2026-01-01', '2026-01-15'), agg: charges }) },
  {
    q: 'visits last year vs the year before',
    want: compare(
      n({ where: at('2025-01-01', '2025-12-31'), agg: count }),
      n({ where: at('2024-01-01', '2024-12-31'), agg: count }),
    ),
  },
  {
    q: 'Compare total charges in 2023 and 2024',
    want: compare(
      n({ where: at('2023-01-01', '2023-12-31'), agg: charges }),
      n({ where: at('2024-01-01', '2024-12-31'), agg: charges }),
    ),
  },
  {
    q: 'visits in Q1 2025 vs Q2 2025',
    want: compare(
      n({ where: at('2025-01-01', '2025-03-31'), agg: count }),
      n({ where: at('2025-04-01', '2025-06-30'), agg: count }),
    ),
  },
  { q: 'average wait time by department', want: ev(rows, { by: [col('department')], agg: wait }) },
  { q: 'Average wait per visit type', want: ev(rows, { by: [col('visit_type')], agg: wait }) },
  { q: 'longest wait time', want: ev(rows, { agg: max('wait_minutes') }) },
  // Shorthand and plain words: "ppl", "how long", "yday"; a bound in another unit than the column's (minutes).
  { q: 'how long do ppl wait on average', want: ev(rows, { agg: wait }) },
  { q: 'visits yday', want: ev(rows, { where: at('2026-01-14', '2026-01-14'), agg: count }) },
  {
    q: 'visits with a wait longer than 1 hour',
    want: ev(rows, { where: (r) => (r.wait_minutes as number) > 60, agg: count }),
  },
  {
    q: 'how many visits had a wait between 0.5 and 1.5 hours',
    want: ev(rows, { where: (r) => (r.wait_minutes as number) >= 30 && (r.wait_minutes as number) <= 90, agg: count }),
  },
  { q: 'What was the maximum wait time in 2025?', want: ev(rows, { where: Y25, agg: max('wait_minutes') }) },
  { q: 'How many patients were seen?', want: ev(rows, { agg: patientsSeen }) },
  { q: 'number of distinct patients by city', want: ev(rows, { by: [col('patients_city')], agg: patientsSeen }) },
  { q: 'Visits in Zurich', want: ev(rows, { where: is('patients_city', 'Zürich'), agg: count }) },
  { q: 'visits from Geneve last year', want: ev(rows, { where: and(is('patients_city', 'Genève'), Y25), agg: count }) },
  {
    q: 'total charges for Neuchatel patients',
    want: ev(rows, { where: is('patients_city', 'Neuchâtel'), agg: charges }),
  },
  {
    q: 'how many emergency visits in 2025',
    want: ev(rows, { where: and(is('visit_type', 'Emergency'), Y25), agg: count }),
  },
  {
    q: 'Telehealth visits by department',
    want: ev(rows, { where: is('visit_type', 'Telehealth'), by: [col('department')], agg: count }),
  },
  { q: 'charges in cardiology', want: ev(rows, { where: is('department', 'Cardiology'), agg: charges }) },
  { q: 'visits to Cardiolgy', want: ev(rows, { where: is('department', 'Cardiology'), agg: count }) },
  {
    q: 'how many pediatrics visits for premium insurance',
    want: ev(rows, { where: and(is('department', 'Pediatrics'), is('patients_insurance', 'Premium')), agg: count }),
  },
  { q: 'visits by insurance plan', want: ev(rows, { by: [col('patients_insurance')], agg: count }) },
  { q: 'visits by sex and visit type', want: ev(rows, { by: [col('patients_sex'), col('visit_type')], agg: count }) },
  {
    q: 'top 3 departments by total charges',
    want: ev(rows, { by: [col('department')], agg: charges, order: 'desc', limit: 3 }),
    ordered: true,
  },
  {
    q: 'bottom 2 cities by visits',
    want: ev(rows, { by: [col('patients_city')], agg: count, order: 'asc', limit: 2 }),
    ordered: true,
  },
  { q: 'Which department has the most visits?', want: ev(rows, { by: [col('department')], agg: count }) },
  {
    q: 'Which city has the highest average wait time?',
    want: ev(rows, { by: [col('patients_city')], agg: wait, order: 'desc' }),
    ordered: true,
  },
  {
    q: 'monthly visits in 2025',
    want: ev(rows, {
      where: Y25,
      by: [(r) => trunc('month', String(r.visited_at))],
      agg: count,
      order: undefined,
    }).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ordered: true,
  },
  {
    q: 'quarterly charges in 2024',
    want: ev(rows, {
      where: at('2024-01-01', '2024-12-31'),
      by: [(r) => trunc('quarter', String(r.visited_at))],
      agg: charges,
    }).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ordered: true,
  },
  {
    q: 'yearly visits',
    want: ev(rows, { by: [(r) => trunc('year', String(r.visited_at))], agg: count }).sort((a, b) =>
      String(a[0]).localeCompare(String(b[0])),
    ),
    ordered: true,
  },
  {
    q: 'weekly visits over the last 4 weeks',
    want: ev(rows, {
      where: at('2025-12-18', '2026-01-15'),
      by: [(r) => trunc('week', String(r.visited_at))],
      agg: count,
    }).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ordered: true,
  },
  {
    q: 'visits with a wait over 100 minutes',
    want: ev(rows, { where: (r) => (r.wait_minutes as number) > 100, agg: count }),
  },
  {
    q: 'how many visits had a charge of at least 800',
    want: ev(rows, { where: (r) => (r.charge as number) >= 800, agg: count }),
  },
  { q: 'visits for patients under 18', want: ev(rows, { where: (r) => (r.patients_age as number) < 18, agg: count }) },
  {
    q: 'departments with more than 140 visits',
    want: ev(rows, { by: [col('department')], agg: count, having: (v) => v > 140 }),
  },
  {
    q: 'What share of visits were emergencies in 2025?',
    want: share(n({ where: and(is('visit_type', 'Emergency'), Y25), agg: count }), n({ where: Y25, agg: count })),
  },
  {
    q: 'percentage of visits that were follow-ups',
    want: share(n({ where: is('is_follow_up', true), agg: count }), n({ agg: count })),
  },
  {
    q: 'how many follow-up visits by insurance plan',
    want: ev(rows, { where: is('is_follow_up', true), by: [col('patients_insurance')], agg: count }),
  },
  {
    q: 'Compare visits in Bern and Lausanne',
    want: compare(
      n({ where: is('patients_city', 'Bern'), agg: count }),
      n({ where: is('patients_city', 'Lausanne'), agg: count }),
    ),
  },
  {
    q: 'visits on weekends in 2025',
    want: ev(rows, {
      where: and(Y25, (r) => [0, 6].includes(new Date(`${String(r.visited_at)}Z`).getUTCDay())),
      agg: count,
    }),
  },
  {
    q: 'average wait time for Neurology in December 2025',
    want: ev(rows, { where: and(is('department', 'Neurology'), at('2025-12-01', '2025-12-31')), agg: wait }),
  },
  {
    q: 'patients seen per department last quarter',
    want: ev(rows, { where: at('2025-10-01', '2025-12-31'), by: [col('department')], agg: patientsSeen }),
  },
  { q: 'visits in 2030', want: [[0]] },
  // Declines: words the model does not have, aggregations it lacks, ambiguity, hidden data.
  // Words that ask for nothing, time, counts, which one, values and shares (issue 32's classes).
  {
    q: 'how many visits came in through the emergency department',
    want: ev(rows, { where: is('visit_type', 'Emergency'), agg: count }),
  },
  {
    q: 'how many patients are based in Bern',
    want: ev(rows, { where: is('patients_city', 'Bern'), agg: patientsSeen }),
  },
  {
    q: 'how many visits have we ever had in Cardiology',
    want: ev(rows, { where: is('department', 'Cardiology'), agg: count }),
  },
  {
    q: 'the two departments with the most visits',
    want: ev(rows, { by: [col('department')], agg: count, order: 'desc', limit: 2 }),
    ordered: true,
  },
  {
    q: 'which three cities had the fewest visits',
    want: ev(rows, { by: [col('patients_city')], agg: count, order: 'asc', limit: 3 }),
    ordered: true,
  },
  { q: 'how many visits in the 2020s', want: ev(rows, { where: at('2020-01-01', '2029-12-31'), agg: count }) },
  { q: 'visits the year before last', want: ev(rows, { where: at('2024-01-01', '2024-12-31'), agg: count }) },
  { q: 'visits in Q3', want: ev(rows, { where: at('2025-07-01', '2025-09-30'), agg: count }) },
  { q: 'how many visits in November', want: ev(rows, { where: at('2025-11-01', '2025-11-30'), agg: count }) },
  { q: 'visits in the last 8 weeks', want: ev(rows, { where: at('2025-11-20', '2026-01-15'), agg: count }) },
  {
    q: 'how many emergencies last month',
    want: ev(rows, { where: and(is('visit_type', 'Emergency'), at('2025-12-01', '2025-12-31')), agg: count }),
  },
  { q: 'avg wait by department', want: ev(rows, { by: [col('department')], agg: wait }) },
  { q: 'no. of visits by insurance plan', want: ev(rows, { by: [col('patients_insurance')], agg: count }) },
  { q: '# of telehealth visits', want: ev(rows, { where: is('visit_type', 'Telehealth'), agg: count }) },
  {
    q: 'the department with the highest charges',
    want: ev(rows, { by: [col('department')], agg: charges, order: 'desc' }),
    ordered: true,
  },
  {
    q: 'how many premium patients visited in 2025',
    want: ev(rows, { where: and(is('patients_insurance', 'Premium'), Y25), agg: patientsSeen }),
  },
  {
    q: 'what share of Bern visits were emergencies',
    want: share(
      n({ where: and(is('patients_city', 'Bern'), is('visit_type', 'Emergency')), agg: count }),
      n({ where: is('patients_city', 'Bern'), agg: count }),
    ),
  },
  {
    q: 'what percentage of charges came from cardiology',
    want: share(n({ where: is('department', 'Cardiology'), agg: charges }), n({ agg: charges })),
  },
  {
    q: 'what share of patients are uninsured',
    want: share(n({ where: is('patients_insurance', 'Uninsured'), agg: patientsSeen }), n({ agg: patientsSeen })),
  },
  { q: 'how many visits were follow-ups', want: ev(rows, { where: is('is_follow_up', true), agg: count }) },
  {
    q: 'average wait in minutes for pediatric visits',
    want: ev(rows, { where: is('department', 'Pediatrics'), agg: wait }),
  },
  {
    q: 'how many visits did female patients make',
    want: ev(rows, { where: is('patients_sex', 'female'), agg: count }),
  },
  { q: 'charges per patient', want: [[n({ agg: charges }) / n({ agg: patientsSeen })]] },
  {
    q: 'visits per patient last year',
    want: [[n({ where: Y25, agg: count }) / n({ where: Y25, agg: patientsSeen })]],
  },
  { q: 'visits by cardiologists', want: 'decline' },
  { q: 'how many surgeries last year', want: 'decline' },
  { q: 'the busiest nurse', want: 'decline' },
  { q: 'how many beds does the clinic have', want: 'decline' },
  { q: 'What is the weather in Paris?', want: 'decline' },
  { q: 'median wait time', want: 'decline' },
  { q: 'average age of patients', want: 'decline' },
  { q: 'total wait time by department', want: 'decline' },
  { q: 'How many nurses work here?', want: 'decline' },
  { q: 'revenue by product', want: 'decline' },
  { q: 'visits by doctor', want: 'decline' },
  { q: 'tell me a joke', want: 'decline' },
];
