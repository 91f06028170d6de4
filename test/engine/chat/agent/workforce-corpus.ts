// Questions about the workforce model (two public cubes, no view), with answers computed from its rows.
import { absences, employees } from '../../../fixtures/analyst/workforce.js';
import {
  avg,
  compare,
  count,
  distinct,
  evaluate as ev,
  inRange,
  max,
  min,
  share,
  sum,
  trunc,
  type Row,
} from '../../../fixtures/analyst/rows.js';
import type { Case } from './corpus.js';

const and =
  (...ps: ((r: Row) => boolean)[]) =>
  (r: Row) =>
    ps.every((p) => p(r));
const col = (k: string) => (r: Row) => r[k];
const is = (k: string, v: unknown) => (r: Row) => r[k] === v;
const hired = (from: string, to: string) => inRange('hired_at', from, to);
const off = (from: string, to: string) => inRange('starts_at', from, to);
const byTime = (unit: Parameters<typeof trunc>[0], k: string) => (r: Row) => trunc(unit, String(r[k]));
const sorted = (x: unknown[][]) => x.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
const E = (e: Parameters<typeof ev>[1]) => ev(employees, e);
const A = (e: Parameters<typeof ev>[1]) => ev(absences, e);
const n = (x: unknown[][]) => x[0][0] as number;

export const workforceCases: Case[] = [
  { q: 'What is our headcount?', want: E({ agg: count }) },
  { q: 'How many employees do we have?', want: E({ agg: count }) },
  { q: 'headcount by department', want: E({ by: [col('department')], agg: count }) },
  { q: 'How many staff per office location?', want: E({ by: [col('location')], agg: count }) },
  { q: 'employees in Munchen', want: E({ where: is('location', 'München'), agg: count }) },
  {
    q: 'headcount in Lisbon by seniority level',
    want: E({ where: is('location', 'Lisbon'), by: [col('level')], agg: count }),
  },
  { q: 'average salary by department', want: E({ by: [col('department')], agg: avg('salary') }) },
  {
    q: 'What is the average salary of senior engineers?',
    want: E({ where: and(is('level', 'Senior'), is('department', 'Engineering')), agg: avg('salary') }),
  },
  {
    q: 'average salary for Senior employees in Engineering',
    want: E({ where: and(is('level', 'Senior'), is('department', 'Engineering')), agg: avg('salary') }),
  },
  { q: 'total salary in Sales', want: E({ where: is('department', 'Sales'), agg: sum('salary') }) },
  { q: 'highest salary in Toronto', want: E({ where: is('location', 'Toronto'), agg: max('salary') }) },
  { q: 'lowest salary by level', want: E({ by: [col('level')], agg: min('salary') }) },
  {
    q: 'top 2 departments by total salary',
    want: E({ by: [col('department')], agg: sum('salary'), order: 'desc', limit: 2 }),
    ordered: true,
  },
  {
    q: 'Which office has the lowest average salary?',
    want: E({ by: [col('location')], agg: avg('salary'), order: 'asc' }),
    ordered: true,
  },
  { q: 'how many remote employees', want: E({ where: is('is_remote', true), agg: count }) },
  {
    q: 'headcount of non remote employees by location',
    want: E({ where: is('is_remote', false), by: [col('location')], agg: count }),
  },
  {
    q: 'What share of employees are remote?',
    want: share(n(E({ where: is('is_remote', true), agg: count })), n(E({ agg: count }))),
  },
  {
    q: 'percentage of headcount in Engineering',
    want: share(n(E({ where: is('department', 'Engineering'), agg: count })), n(E({ agg: count }))),
  },
  {
    q: 'share of headcount by department',
    want: (() => {
      const all = n(E({ agg: count }));
      return E({ by: [col('department')], agg: count }).map((r) => [...r, (100 * (r[1] as number)) / all]);
    })(),
  },
  { q: 'How many employees were hired in 2024?', want: E({ where: hired('2024-01-01', '2024-12-31'), agg: count }) },
  // "hires" names the event of Hire date: employees counted by the year they were hired.
  { q: 'hires per year', want: sorted(E({ by: [byTime('year', 'hired_at')], agg: count })), ordered: true },
  {
    q: 'headcount by hire date per year',
    want: sorted(E({ by: [byTime('year', 'hired_at')], agg: count })),
    ordered: true,
  },
  { q: 'employees hired since June 2025', want: E({ where: hired('2025-06-01', '2026-01-15'), agg: count }) },
  { q: 'employees hired before 2020', want: E({ where: (r) => String(r.hired_at) < '2020-01-01', agg: count }) },
  {
    q: 'headcount hired between January and March 2023',
    want: E({ where: hired('2023-01-01', '2023-03-31'), agg: count }),
  },
  { q: 'employees with a salary over 90000', want: E({ where: (r) => (r.salary as number) > 90000, agg: count }) },
  // "earning": what the one column kept in money holds (Salary).
  {
    q: 'employees earning between 50000 and 60000',
    want: E({ where: (r) => (r.salary as number) >= 50000 && (r.salary as number) <= 60000, agg: count }),
  },
  {
    q: 'headcount with salary between 50000 and 60000',
    want: E({ where: (r) => (r.salary as number) >= 50000 && (r.salary as number) <= 60000, agg: count }),
  },
  {
    q: 'Compare headcount in Berlin and Toronto',
    want: compare(
      n(E({ where: is('location', 'Berlin'), agg: count })),
      n(E({ where: is('location', 'Toronto'), agg: count })),
    ),
  },
  {
    q: 'average salary Marketing vs Finance',
    want: compare(
      n(E({ where: is('department', 'Marketing'), agg: avg('salary') })),
      n(E({ where: is('department', 'Finance'), agg: avg('salary') })),
    ),
  },
  { q: 'How many absences last year?', want: A({ where: off('2025-01-01', '2025-12-31'), agg: count }) },
  { q: 'days absent by reason', want: A({ by: [col('reason')], agg: sum('days') }) },
  {
    q: 'number of sick absences in Q4 2025',
    want: A({ where: and(is('reason', 'Sick'), off('2025-10-01', '2025-12-31')), agg: count }),
  },
  { q: 'average absence length for vacation', want: A({ where: is('reason', 'Vacation'), agg: avg('days') }) },
  {
    q: 'how many employees were absent in 2024',
    want: A({ where: off('2024-01-01', '2024-12-31'), agg: distinct('employee_id') }),
  },
  {
    q: 'monthly absences this year',
    want: sorted(A({ where: off('2026-01-01', '2026-12-31'), by: [byTime('month', 'starts_at')], agg: count })),
    ordered: true,
  },
  {
    q: 'absences per quarter in 2025',
    want: sorted(A({ where: off('2025-01-01', '2025-12-31'), by: [byTime('quarter', 'starts_at')], agg: count })),
    ordered: true,
  },
  {
    q: 'absences last year vs the year before',
    want: compare(
      n(A({ where: off('2025-01-01', '2025-12-31'), agg: count })),
      n(A({ where: off('2024-01-01', '2024-12-31'), agg: count })),
    ),
  },
  { q: 'days absent in the last 30 days', want: A({ where: off('2025-12-17', '2026-01-15'), agg: sum('days') }) },
  { q: 'absences longer than 10 days', want: A({ where: (r) => (r.days as number) > 10, agg: count }) },
  {
    q: 'absences of at least 7 days for training',
    want: A({ where: (r) => (r.days as number) >= 7 && r.reason === 'Training', agg: count }),
  },
  {
    q: 'top 3 reasons by absences',
    want: A({ by: [col('reason')], agg: count, order: 'desc', limit: 3 }),
    ordered: true,
  },
  { q: 'What share of absences were parental leave?', want: 'decline' },
  {
    q: 'what share of absences were parental',
    want: share(n(A({ where: is('reason', 'Parental'), agg: count })), n(A({ agg: count }))),
  },
  {
    q: 'absences on mondays',
    want: A({ where: (r) => new Date(`${String(r.starts_at)}Z`).getUTCDay() === 1, agg: count }),
  },
  {
    q: 'absences by day of week in 2025',
    want: (() => {
      const names = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
      const order = [1, 2, 3, 4, 5, 6, 0];
      const g = A({
        where: off('2025-01-01', '2025-12-31'),
        by: [(r) => new Date(`${String(r.starts_at)}Z`).getUTCDay()],
        agg: count,
      });
      return order.filter((d) => g.some((x) => x[0] === d)).map((d) => [names[d], g.find((x) => x[0] === d)![1]]);
    })(),
    ordered: true,
  },
  { q: 'absences in Sickk', want: A({ where: is('reason', 'Sick'), agg: count }) },
  // Staff may not see pay: the member is hidden, so it is declined (never answered with another measure).
  { q: 'average salary by department', want: 'decline', groups: ['staff'] },
  { q: 'headcount by department', want: E({ by: [col('department')], agg: count }), groups: ['staff'] },
  { q: 'total payroll', want: 'decline' },
  { q: 'How many contractors do we have?', want: 'decline' },
  { q: 'median salary', want: 'decline' },
  { q: 'employee satisfaction by department', want: 'decline' },
  { q: 'how many clients', want: 'decline' },
  { q: 'what is the capital of France', want: 'decline' },
  // Words that ask for nothing, time, counts, which one, values and shares (issue 32's classes).
  { q: 'how many employees are based in Toronto', want: E({ where: is('location', 'Toronto'), agg: count }) },
  { q: 'how many new hires last year', want: E({ where: hired('2025-01-01', '2025-12-31'), agg: count }) },
  {
    q: 'how many employees were hired in the 2010s',
    want: E({ where: hired('2010-01-01', '2019-12-31'), agg: count }),
  },
  { q: 'absences that started last month', want: A({ where: off('2025-12-01', '2025-12-31'), agg: count }) },
  { q: 'how many absences began in Q3', want: A({ where: off('2025-07-01', '2025-09-30'), agg: count }) },
  {
    q: 'which location has the highest average salary',
    want: E({ by: [col('location')], agg: avg('salary'), order: 'desc' }),
    ordered: true,
  },
  {
    q: 'top two locations by headcount',
    want: E({ by: [col('location')], agg: count, order: 'desc', limit: 2 }),
    ordered: true,
  },
  {
    q: 'the 3 levels with the fewest employees',
    want: E({ by: [col('level')], agg: count, order: 'asc', limit: 3 }),
    ordered: true,
  },
  {
    q: 'what share of employees are remote',
    want: share(n(E({ where: is('is_remote', true), agg: count })), n(E({ agg: count }))),
  },
  {
    q: 'what share of Berlin employees are remote',
    want: share(
      n(E({ where: and(is('location', 'Berlin'), is('is_remote', true)), agg: count })),
      n(E({ where: is('location', 'Berlin'), agg: count })),
    ),
  },
  {
    q: 'how many seniors work in Sales',
    want: E({ where: and(is('level', 'Senior'), is('department', 'Sales')), agg: count }),
  },
  {
    q: 'how many remote engineers',
    want: E({ where: and(is('department', 'Engineering'), is('is_remote', true)), agg: count }),
  },
  {
    q: 'how many employees took vacation in 2025',
    want: A({ where: and(is('reason', 'Vacation'), off('2025-01-01', '2025-12-31')), agg: distinct('employee_id') }),
  },
  {
    q: 'employees by hire year',
    want: sorted(E({ by: [byTime('year', 'hired_at')], agg: count })),
    ordered: true,
  },
  { q: 'the lowest paid department', want: 'decline' },
  { q: 'how many managers do we have', want: 'decline' },
  { q: 'what is the attrition rate', want: 'decline' },
  { q: 'how many employees left last year', want: 'decline' },
  { q: 'what percentage of absence days were vacation', want: 'decline' },
  // Headcount by the event's date, "people" for the source of persons, a breakdown by a time dimension is by day.
  { q: 'headcount hired in 2020', want: E({ where: hired('2020-01-01', '2020-12-31'), agg: count }) },
  { q: 'how many people were hired in 2020', want: E({ where: hired('2020-01-01', '2020-12-31'), agg: count }) },
  {
    q: 'avg salary of ppl hired since 2022',
    want: E({ where: hired('2022-01-01', '2026-01-15'), agg: avg('salary') }),
  },
  {
    q: 'headcount by hire date in 2025',
    want: sorted(E({ where: hired('2025-01-01', '2025-12-31'), by: [byTime('day', 'hired_at')], agg: count })),
    ordered: true,
  },
];
