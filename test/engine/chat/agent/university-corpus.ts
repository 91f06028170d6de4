// Questions about a university in its registrar's and deans' own words (enrollments by term, course, department and
// instructor; grades as letters and as grade points; students by major, status and admission year; drops, shares,
// comparisons, course codes and initials, typos), each answer SQL of our own on the same rows (sql-cases.ts).
// Written before the analyst was run on them, and kept as written.
import { courses, departments, enrollments, instructors, students } from '../../../fixtures/analyst/university.js';
import type { Case } from './corpus.js';
import { sqlCases, type Spec } from './sql-cases.js';

const E = `(SELECT e.*, CAST(e.enrolled_at AS TIMESTAMP) et, c.code, c.title course, c.level, d.name department,
  i.name instructor, i.rank, s.international FROM enrollments e LEFT JOIN courses c ON e.course_id = c.id
  LEFT JOIN departments d ON c.department_id = d.id LEFT JOIN instructors i ON e.instructor_id = i.id
  LEFT JOIN students s ON e.student_id = s.id)`;
const S = `(SELECT s.*, CAST(s.admitted_on AS TIMESTAMP) ad, d.name major FROM students s
  LEFT JOIN departments d ON s.major_id = d.id)`;
const day = (col: string) => `strftime(${col}, '%Y-%m-%d')`;
const Y25 = `et >= '2025-01-01' AND et < '2026-01-01'`;
const cmp = (a: string, b: string) => `SELECT a, b, b - a, 100.0 * (b - a) / a FROM (SELECT ${a} a, ${b} b FROM ${E})`;

const specs: Spec[] = [
  { q: 'enrollments by department', sql: `SELECT department, count(*) FROM ${E} GROUP BY 1` },
  {
    q: 'how many students are enrolled in spring 2026',
    sql: `SELECT count(DISTINCT student_id) FROM ${E} WHERE term = 'Spring 2026'`,
  },
  { q: 'average grade by department', sql: `SELECT department, avg(grade_points) FROM ${E} GROUP BY 1` },
  {
    q: 'how many courses were dropped in fall 2025',
    sql: `SELECT count(*) FROM ${E} WHERE status = 'Dropped' AND term = 'Fall 2025'`,
  },
  {
    q: 'top 5 courses by enrollments',
    sql: `SELECT course, count(*) n FROM ${E} GROUP BY 1 ORDER BY n DESC LIMIT 5`,
    ordered: true,
  },
  {
    q: 'which instructor gives the highest average grade',
    sql: `SELECT instructor, avg(grade_points) g FROM ${E} GROUP BY 1 ORDER BY g DESC`,
    ordered: true,
  },
  { q: 'number of international students', sql: `SELECT count(*) FROM ${S} WHERE international` },
  {
    q: 'how many students were admitted in 2024',
    sql: `SELECT count(*) FROM ${S} WHERE ad >= '2024-01-01' AND ad < '2025-01-01'`,
  },
  { q: 'enrollments per term', sql: `SELECT term, count(*) FROM ${E} GROUP BY 1` },
  {
    q: "how many A's in Calculus I",
    sql: `SELECT count(*) FROM ${E} WHERE grade = 'A' AND course = 'Calculus I'`,
  },
  { q: 'credits by department last year', sql: `SELECT department, sum(credits) FROM ${E} WHERE ${Y25} GROUP BY 1` },
  { q: 'avg grade for graduate courses', sql: `SELECT avg(grade_points) FROM ${E} WHERE level = 'Graduate'` },
  {
    q: 'what share of enrollments were dropped',
    sql: `SELECT count(*) FILTER (WHERE status = 'Dropped'), count(*), 100.0 * count(*) FILTER (WHERE status = 'Dropped') / count(*) FROM ${E}`,
  },
  {
    q: 'history enrollments in spring 2025',
    sql: `SELECT count(*) FROM ${E} WHERE department = 'History' AND term = 'Spring 2025'`,
  },
  {
    q: 'which major has the most students',
    sql: `SELECT major, count(*) n FROM ${S} GROUP BY 1 ORDER BY n DESC`,
    ordered: true,
  },
  { q: 'how many students have graduated', sql: `SELECT count(*) FROM ${S} WHERE status = 'Graduated'` },
  {
    q: 'avg grade economics vs biology',
    sql: cmp(
      `avg(grade_points) FILTER (WHERE department = 'Economics')`,
      `avg(grade_points) FILTER (WHERE department = 'Biology')`,
    ),
  },
  {
    q: 'enrollments per month in 2025',
    sql: `SELECT ${day("date_trunc('month', et)")}, count(*) FROM ${E} WHERE ${Y25} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    q: 'withdrawn students by major',
    sql: `SELECT major, count(*) FROM ${S} WHERE status = 'Withdrawn' GROUP BY 1`,
  },
  {
    q: 'average grade of international students',
    sql: `SELECT avg(grade_points) FROM ${E} WHERE international`,
  },
  {
    q: 'how many enrollments did Alice Moreno teach',
    sql: `SELECT count(*) FROM ${E} WHERE instructor = 'Alice Moreno'`,
  },
  { q: "Okoye's average grade", sql: `SELECT avg(grade_points) FROM ${E} WHERE instructor = 'Brian Okoye'` },
  {
    q: 'credits completed in 2025',
    sql: `SELECT sum(credits) FROM ${E} WHERE status = 'Completed' AND ${Y25}`,
  },
  { q: 'enrollments by course level', sql: `SELECT level, count(*) FROM ${E} GROUP BY 1` },
  {
    q: 'which course has the lowest avg grade',
    sql: `SELECT course, avg(grade_points) g FROM ${E} GROUP BY 1 ORDER BY g ASC`,
    ordered: true,
  },
  {
    q: 'how many students were admitted last year',
    sql: `SELECT count(*) FROM ${S} WHERE ad >= '2025-01-01' AND ad < '2026-01-01'`,
  },
  { q: 'students by status', sql: `SELECT status, count(*) FROM ${S} GROUP BY 1` },
  {
    q: 'new students per year',
    sql: `SELECT ${day("date_trunc('year', ad)")}, count(*) FROM ${S} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    q: 'avg enrollments per student',
    sql: `SELECT count(*) / count(DISTINCT student_id) FROM ${E}`,
  },
  {
    q: 'whats the avg grade in CS courses',
    sql: `SELECT avg(grade_points) FROM ${E} WHERE department = 'Computer Science'`,
  },
  { q: 'enrolments in fall 2025', sql: `SELECT count(*) FROM ${E} WHERE term = 'Fall 2025'` },
  {
    q: 'drops by instructor rank',
    sql: `SELECT rank, count(*) FROM ${E} WHERE status = 'Dropped' GROUP BY 1`,
  },
  {
    q: 'how many F grades were given in 2025',
    sql: `SELECT count(*) FROM ${E} WHERE grade = 'F' AND ${Y25}`,
  },
  {
    q: 'enrollments in ECON310',
    sql: `SELECT count(*) FROM ${E} WHERE code = 'ECON310'`,
  },
  { q: 'graduate students by major', sql: `SELECT major, count(*) FROM ${S} WHERE level = 'Graduate' GROUP BY 1` },
  {
    q: 'grade distribution for machine learning',
    sql: `SELECT grade, count(*) FROM ${E} WHERE course = 'Machine Learning' GROUP BY 1`,
  },
  // What the model cannot answer.
  { q: 'average tuition paid per student', decline: true },
  { q: 'how many students live on campus', decline: true },
  { q: 'what is the average class attendance rate', decline: true },
  { q: 'which professors have tenure', decline: true },
];

/** How many questions the set asks. */
export const UNIVERSITY_QUESTIONS = specs.length;
export const universityCases = (): Promise<Case[]> =>
  sqlCases(specs, [], { enrollments, courses, departments, instructors, students });
