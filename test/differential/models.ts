// Three models and their data, written for the differential suite against Cube (issue 24) in domains apart from the
// demo's: bike share (many_to_one star, a view), clinics (a chain visits → patients → clinics, measure filters, a
// segment), a library (one_to_many from books to loans, number measures, count_distinct). Rows are generated from a
// fixed seed; some values are NULL and times straddle midnight so time zones and NULL semantics matter.
import type { DataModel } from '../../src/engine/data/model-types.js';

export type Row = Record<string, string | number | boolean | null>;
export interface TestModel {
  name: string;
  model: DataModel;
  tables: Record<string, Row[]>;
}

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function times(rnd: () => number, i: number): string {
  // 2023-10-01 .. 2024-05-31, on the hour or half hour, many near midnight
  const day = Date.UTC(2023, 9, 1) + Math.floor(rnd() * 243) * 86_400_000;
  const hour = [0, 1, 3, 4, 5, 12, 22, 23][Math.floor(rnd() * 8)];
  return new Date(day + hour * 3_600_000 + (i % 2) * 1_800_000).toISOString().slice(0, 19);
}

const pick = <T>(rnd: () => number, xs: T[]): T => xs[Math.floor(rnd() * xs.length)];

export function bikeModel(): TestModel {
  const rnd = random(24);
  const stations = Array.from({ length: 8 }, (_, i) => ({
    id: i + 1,
    city: pick(rnd, ['Berlin', 'Paris', 'Lisbon', null]),
    docks: 5 + Math.floor(rnd() * 30),
  }));
  const riders = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, plan: pick(rnd, ['annual', 'monthly', null]) }));
  const rides = Array.from({ length: 160 }, (_, i) => ({
    id: i + 1,
    station_id: 1 + Math.floor(rnd() * 7),
    rider_id: 1 + Math.floor(rnd() * 12),
    kind: pick(rnd, ['classic', 'electric', 'Cargo', null]),
    note: pick(rnd, ['smooth', 'flat tyre', 'Smooth ride', 'late', null, null]),
    minutes: 1 + Math.floor(rnd() * 60),
    started_at: times(rnd, i),
  }));
  return {
    name: 'bikes',
    tables: { rides, stations, riders },
    model: {
      cubes: [
        {
          name: 'rides',
          sql_table: 'rides',
          joins: [
            { name: 'stations', relationship: 'many_to_one', sql: '{CUBE}.station_id = {stations}.id' },
            { name: 'riders', relationship: 'many_to_one', sql: '{CUBE}.rider_id = {riders}.id' },
          ],
          measures: [
            { name: 'count', type: 'count' },
            { name: 'minutes', type: 'sum', sql: 'minutes' },
            { name: 'avg_minutes', type: 'avg', sql: 'minutes' },
            { name: 'longest', type: 'max', sql: 'minutes' },
            { name: 'electric_count', type: 'count', filters: [{ sql: "{CUBE}.kind = 'electric'" }] },
          ],
          dimensions: [
            { name: 'id', type: 'number', sql: 'id', primary_key: true },
            { name: 'kind', type: 'string', sql: 'kind' },
            { name: 'note', type: 'string', sql: 'note' },
            { name: 'minutes_taken', type: 'number', sql: 'minutes' },
            { name: 'started_at', type: 'time', sql: 'started_at' },
          ],
          segments: [{ name: 'long_rides', sql: '{CUBE}.minutes > 30' }],
        },
        {
          name: 'stations',
          sql_table: 'stations',
          measures: [
            { name: 'count', type: 'count' },
            { name: 'docks', type: 'sum', sql: 'docks' },
            { name: 'avg_docks', type: 'avg', sql: 'docks' },
            { name: 'min_docks', type: 'min', sql: 'docks' },
          ],
          dimensions: [
            { name: 'id', type: 'number', sql: 'id', primary_key: true },
            { name: 'city', type: 'string', sql: 'city' },
          ],
        },
        {
          name: 'riders',
          sql_table: 'riders',
          measures: [{ name: 'count', type: 'count' }],
          dimensions: [
            { name: 'id', type: 'number', sql: 'id', primary_key: true },
            { name: 'plan', type: 'string', sql: 'plan' },
          ],
        },
      ],
      views: [
        {
          name: 'trips',
          cubes: [
            { join_path: 'rides', includes: ['count', 'minutes', 'kind', 'started_at'] },
            { join_path: 'rides.stations', includes: ['city', 'docks'], prefix: true },
          ],
        },
      ],
    },
  };
}

export function clinicModel(): TestModel {
  const rnd = random(7);
  const clinics = Array.from({ length: 4 }, (_, i) => ({ id: i + 1, region: pick(rnd, ['north', 'south']) }));
  const patients = Array.from({ length: 30 }, (_, i) => ({
    id: i + 1,
    clinic_id: 1 + Math.floor(rnd() * 4),
    sex: pick(rnd, ['f', 'm', null]),
    age: 1 + Math.floor(rnd() * 90),
  }));
  const visits = Array.from({ length: 200 }, (_, i) => ({
    id: i + 1,
    patient_id: 1 + Math.floor(rnd() * 30),
    reason: pick(rnd, ['checkup', 'flu', 'Follow-up', 'injury', null]),
    fee: Math.floor(rnd() * 200) + 0.5,
    urgent: rnd() < 0.2,
    visited_at: times(rnd, i),
  }));
  return {
    name: 'clinics',
    tables: { visits, patients, clinics },
    model: {
      cubes: [
        {
          name: 'visits',
          sql_table: 'visits',
          joins: [{ name: 'patients', relationship: 'many_to_one', sql: '{CUBE}.patient_id = {patients}.id' }],
          measures: [
            { name: 'count', type: 'count' },
            { name: 'fees', type: 'sum', sql: 'fee' },
            { name: 'patients_seen', type: 'count_distinct', sql: 'patient_id' },
            { name: 'first_fee', type: 'min', sql: 'fee' },
          ],
          dimensions: [
            { name: 'id', type: 'number', sql: 'id', primary_key: true },
            { name: 'reason', type: 'string', sql: 'reason' },
            { name: 'fee', type: 'number', sql: 'fee' },
            { name: 'visited_at', type: 'time', sql: 'visited_at' },
          ],
          segments: [{ name: 'urgent', sql: '{CUBE}.urgent' }],
        },
        {
          name: 'patients',
          sql_table: 'patients',
          joins: [{ name: 'clinics', relationship: 'many_to_one', sql: '{CUBE}.clinic_id = {clinics}.id' }],
          measures: [
            { name: 'count', type: 'count' },
            { name: 'total_age', type: 'sum', sql: 'age' },
            { name: 'avg_age', type: 'avg', sql: 'age' },
          ],
          dimensions: [
            { name: 'id', type: 'number', sql: 'id', primary_key: true },
            { name: 'sex', type: 'string', sql: 'sex' },
            { name: 'age', type: 'number', sql: 'age' },
          ],
        },
        {
          name: 'clinics',
          sql_table: 'clinics',
          measures: [{ name: 'count', type: 'count' }],
          dimensions: [
            { name: 'id', type: 'number', sql: 'id', primary_key: true },
            { name: 'region', type: 'string', sql: 'region' },
          ],
        },
      ],
    },
  };
}

export function libraryModel(): TestModel {
  const rnd = random(99);
  const books = Array.from({ length: 25 }, (_, i) => ({
    id: i + 1,
    genre: pick(rnd, ['novel', 'poetry', 'Science', null]),
    pages: 50 + Math.floor(rnd() * 500),
    title: pick(rnd, ['The Sea', 'Night', 'A River', 'sea salt', 'Notes']),
  }));
  const loans = Array.from({ length: 150 }, (_, i) => ({
    id: i + 1,
    book_id: 1 + Math.floor(rnd() * 23),
    member: pick(rnd, ['m1', 'm2', 'm3', 'm4', null]),
    days: Math.floor(rnd() * 40),
    loaned_at: times(rnd, i),
  }));
  return {
    name: 'library',
    tables: { books, loans },
    model: {
      cubes: [
        {
          name: 'books',
          sql_table: 'books',
          joins: [{ name: 'loans', relationship: 'one_to_many', sql: '{CUBE}.id = {loans}.book_id' }],
          measures: [
            { name: 'count', type: 'count' },
            { name: 'pages', type: 'sum', sql: 'pages' },
            { name: 'avg_pages', type: 'avg', sql: 'pages' },
            { name: 'genres', type: 'count_distinct', sql: 'genre' },
            { name: 'pages_per_book', type: 'number', sql: '{pages} / NULLIF({count}, 0)' },
          ],
          dimensions: [
            { name: 'id', type: 'number', sql: 'id', primary_key: true },
            { name: 'genre', type: 'string', sql: 'genre' },
            { name: 'title', type: 'string', sql: 'title' },
            { name: 'pages_count', type: 'number', sql: 'pages' },
          ],
        },
        {
          name: 'loans',
          sql_table: 'loans',
          measures: [
            { name: 'count', type: 'count' },
            { name: 'days', type: 'sum', sql: 'days' },
            { name: 'max_days', type: 'max', sql: 'days' },
            { name: 'members', type: 'count_distinct', sql: 'member' },
          ],
          dimensions: [
            { name: 'id', type: 'number', sql: 'id', primary_key: true },
            { name: 'member', type: 'string', sql: 'member' },
            { name: 'loaned_at', type: 'time', sql: 'loaned_at' },
          ],
        },
      ],
      views: [
        {
          name: 'circulation',
          cubes: [
            { join_path: 'books', includes: ['count', 'pages', 'genre'] },
            { join_path: 'books.loans', includes: ['count', 'member', 'loaned_at'], prefix: true },
          ],
        },
      ],
    },
  };
}
