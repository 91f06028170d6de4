// Questions about a chain of veterinary clinics in its managers' own words (appointments, no-shows and visit length
// by clinic, vet, species and visit type; revenue, discounts, average bill, collected and unpaid amounts; drugs
// prescribed, doses and drug cost; pets by species, breed and neutering; owners, the health plan and their towns; vets
// by specialty and hire date; "dogs vs cats", rankings, "last month", "q4", "since march", shares, per-pet ratios,
// typos and shorthand), each answer SQL of our own on the same rows (sql-cases.ts). Written before the analyst was run
// on them, and kept as written.
import { appointments, clinics, invoices, owners, pets, prescriptions, vets } from '../../../fixtures/analyst/vet.js';
import type { Case } from './corpus.js';
import { cmp, month, part, ranked, sqlCases, within, type Spec } from './sql-cases.js';

// Appointments with their pet, owner, vet and clinic.
const A = `(SELECT a.*, CAST(a.scheduled_at AS TIMESTAMP) st, p.species, p.breed, p.neutered, o.town owner_town,
  o.plan_member, v.name vet, v.specialty, c.name clinic, c.town clinic_town, c.region, c.open_24h FROM appointments a
  LEFT JOIN pets p ON a.pet_id = p.id LEFT JOIN owners o ON p.owner_id = o.id LEFT JOIN vets v ON a.vet_id = v.id
  LEFT JOIN clinics c ON a.clinic_id = c.id)`;
// Invoices with their appointment.
const I = `(SELECT i.*, i.amount - i.discount net, CAST(i.paid_at AS TIMESTAMP) pt, a.st, a.visit_type, a.species,
  a.plan_member, a.vet, a.clinic, a.region FROM invoices i LEFT JOIN ${A} a ON i.appointment_id = a.id)`;
// Prescriptions with their appointment.
const P = `(SELECT x.*, a.st, a.visit_type, a.species, a.clinic, a.region FROM prescriptions x
  LEFT JOIN ${A} a ON x.appointment_id = a.id)`;
const PETS = `(SELECT p.*, o.plan_member, o.town FROM pets p LEFT JOIN owners o ON p.owner_id = o.id)`;
const OWN = `(SELECT *, CAST(registered_at AS TIMESTAMP) rt FROM owners)`;
const DEC = (col: string) => within(col, '2025-12-01', '2026-01-01');
const Q4 = (col: string) => within(col, '2025-10-01', '2026-01-01');
const Y25 = (col: string) => within(col, '2025-01-01', '2026-01-01');
const Y24 = (col: string) => within(col, '2024-01-01', '2025-01-01');
const THIS_YEAR = (col: string) => within(col, '2026-01-01', '2027-01-01');
const NO_SHOW_RATE = `100.0 * count(*) FILTER (WHERE status = 'no-show') / count(*)`;

const specs: Spec[] = [
  { q: 'how many appointments did we have last month', sql: `SELECT count(*) FROM ${A} WHERE ${DEC('st')}` },
  { q: 'no-show rate by clinic', sql: `SELECT clinic, ${NO_SHOW_RATE} FROM ${A} GROUP BY 1` },
  { q: 'avg bill by clinic', sql: `SELECT clinic, avg(net) FROM ${I} GROUP BY 1` },
  ranked(
    'which vet had the most surgery appointments in 2025',
    `SELECT vet, count(*) n FROM ${A} WHERE visit_type = 'surgery' AND ${Y25('st')} GROUP BY 1 ORDER BY n DESC`,
  ),
  {
    q: 'dogs vs cats - # of appointments this year',
    sql: cmp(
      `${A} WHERE ${THIS_YEAR('st')}`,
      `count(*) FILTER (WHERE species = 'dog')`,
      `count(*) FILTER (WHERE species = 'cat')`,
    ),
  },
  { q: 'what % of our pets are neutered', sql: part('pets', 'count(*)', 'neutered') },
  { q: 'revenue by region', sql: `SELECT region, sum(net) FROM ${I} GROUP BY 1` },
  ranked(
    'monthly appointments in 2025',
    `SELECT ${month('st')}, count(*) FROM ${A} WHERE ${Y25('st')} GROUP BY 1 ORDER BY 1`,
  ),
  ranked('top 5 drugs by drug cost', `SELECT drug, sum(cost) s FROM prescriptions GROUP BY 1 ORDER BY s DESC LIMIT 5`),
  { q: 'how many owners are on the health plan', sql: `SELECT count(*) FROM owners WHERE plan_member` },
  {
    q: 'average length of dental visits in minutes',
    sql: `SELECT avg(duration_min) FROM ${A} WHERE visit_type = 'dental'`,
  },
  { q: 'how many rabbits do we have on file', sql: `SELECT count(*) FROM pets WHERE species = 'rabbit'` },
  {
    q: 'emergency appointments at our 24 hour clinics in q4',
    sql: `SELECT count(*) FROM ${A} WHERE visit_type = 'emergency' AND open_24h AND ${Q4('st')}`,
  },
  {
    q: 'total discounts given to plan members on visits in 2025',
    sql: `SELECT sum(discount) FROM ${I} WHERE plan_member AND ${Y25('st')}`,
  },
  { q: 'how much money is still outstanding on unpaid invoices', sql: `SELECT sum(net) FROM ${I} WHERE NOT paid` },
  { q: 'pct of invoices that have been paid', sql: part('invoices', 'count(*)', 'paid') },
  {
    q: 'new owners registered since march',
    sql: `SELECT count(*) FROM ${OWN} WHERE ${within('rt', '2025-03-01', '2026-01-16')}`,
  },
  ranked('which specialty has the most vets', `SELECT specialty, count(*) n FROM vets GROUP BY 1 ORDER BY n DESC`),
  {
    q: 'avg doses per prescription of carprofen',
    sql: `SELECT avg(doses) FROM prescriptions WHERE drug = 'Carprofen'`,
  },
  {
    q: 'revenue from surgeries on 2025 appointments',
    sql: `SELECT sum(net) FROM ${I} WHERE visit_type = 'surgery' AND ${Y25('st')}`,
  },
  { q: 'no show rate for vaccinations', sql: `SELECT ${NO_SHOW_RATE} FROM ${A} WHERE visit_type = 'vaccination'` },
  {
    q: 'how many different pets had a checkup booked in december',
    sql: `SELECT count(DISTINCT pet_id) FROM ${A} WHERE visit_type = 'checkup' AND ${DEC('st')}`,
  },
  { q: 'cats by breed', sql: `SELECT breed, count(*) FROM pets WHERE species = 'cat' GROUP BY 1` },
  { q: 'appointments by status last year', sql: `SELECT status, count(*) FROM ${A} WHERE ${Y25('st')} GROUP BY 1` },
  ranked('which town do most of our owners live in', `SELECT town, count(*) n FROM owners GROUP BY 1 ORDER BY n DESC`),
  {
    q: 'how many vets did we hire in 2024',
    sql: `SELECT count(*) FROM vets WHERE ${Y24('CAST(hired_on AS TIMESTAMP)')}`,
  },
  { q: 'how many of our clinics are open 24/7', sql: `SELECT count(*) FROM clinics WHERE open_24h` },
  { q: 'total drug cost for rabbits', sql: `SELECT sum(cost) FROM ${P} WHERE species = 'rabbit'` },
  {
    q: 'surgery vs dental revenue for 2025 visits',
    sql: cmp(
      `${I} WHERE ${Y25('st')}`,
      `sum(net) FILTER (WHERE visit_type = 'surgery')`,
      `sum(net) FILTER (WHERE visit_type = 'dental')`,
    ),
  },
  {
    q: 'average surgery length by clinic',
    sql: `SELECT clinic, avg(duration_min) FROM ${A} WHERE visit_type = 'surgery' GROUP BY 1`,
  },
  {
    q: 'what share of appointments in 2025 were emergencies',
    sql: part(`${A} WHERE ${Y25('st')}`, 'count(*)', `visit_type = 'emergency'`),
  },
  {
    q: 'revenue by month for harbourside in 2025',
    sql: `SELECT ${month('st')}, sum(net) FROM ${I} WHERE clinic = 'Harbourside Pet Clinic' AND ${Y25('st')}
      GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    q: 'avg number of appointments per pet in 2025 (only pets that had one)',
    sql: `SELECT count(*) / count(DISTINCT pet_id) FROM ${A} WHERE ${Y25('st')}`,
  },
  {
    q: 'how many pets belong to plan members',
    sql: `SELECT count(*) FROM ${PETS} WHERE plan_member`,
  },
  {
    q: 'how much did we collect in paymnets in december',
    sql: `SELECT sum(net) FROM ${I} WHERE paid AND ${DEC('pt')}`,
  },
  // What the model cannot answer.
  { q: 'average weight of the dogs we treated last year', decline: true },
  { q: 'how many vaccine doses do we have left in stock at each clinic', decline: true },
  { q: 'vet salaries by clinic', decline: true },
  { q: 'avg customer review score per clinic', decline: true },
  { q: 'how long do owners wait between booking and their appointment', decline: true },
];

/** How many questions the set asks. */
export const VET_QUESTIONS = specs.length;
export const vetCases = (): Promise<Case[]> =>
  sqlCases(specs, [], { appointments, invoices, prescriptions, pets, owners, vets, clinics });
