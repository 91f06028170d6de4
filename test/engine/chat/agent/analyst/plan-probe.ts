// The planner on one model as the class tests ask it (classes*.node.test.ts): a question read in English at a fixed
// instant, a decline failing the test, and a plan's filters as sorted "column op values" lines.
import assert from 'node:assert/strict';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { buildCatalog } from '../../../../../src/engine/chat/agent/analyst/catalog.js';
import { isDecline, type Plan } from '../../../../../src/engine/chat/agent/analyst/plan.js';
import { planQuestion } from '../../../../../src/engine/chat/agent/analyst/planner.js';
import { Phrases } from '../../../../../src/engine/chat/agent/analyst/phrases.js';
import english from '../../../../../src/engine/chat/agent/analyst/phrases/en.js';
import { readQuestion } from '../../../../../src/engine/chat/agent/analyst/question.js';

/** The instant the questions are asked at: "last month" is December 2025. */
export const NOW = Date.UTC(2026, 0, 15, 12);
export const say = new Phrases(english, 'en', 'en-US');

/** Plans a question on `meta` with `values` as the dimensions' values; a decline fails the test. */
export const planner =
  (meta: ServiceMetaResult, values: Map<string, string[]>) =>
  (q: string): Plan => {
    const p = planQuestion(readQuestion(q, NOW), buildCatalog(meta), values, say);
    if (isDecline(p)) assert.fail(`${q}: declined: ${p.decline}`);
    return p;
  };

/** The decline text of a question on `meta` (values: the dimensions'), or undefined when it is answered. */
export const declineOf = (meta: ServiceMetaResult, q: string, values: Map<string, string[]> = new Map()) => {
  const p = planQuestion(readQuestion(q, NOW), buildCatalog(meta), values, say);
  return isDecline(p) ? p.decline : undefined;
};

type Member = ServiceMetaResult['cubes'][number]['members'][number];

/**
 * A view as serviceMeta lists it; each member as [name, title, type, aggType (measures), more (a description,
 * synonyms, a segment, a measure's column and filters)].
 */
export const view = (
  name: string,
  title: string,
  members: [
    string,
    string,
    Member['type'],
    string?,
    Pick<Member, 'description' | 'meta' | 'segment' | 'over' | 'filtered' | 'keeps' | 'ratio' | 'percentOf'>?,
  ][],
) => ({
  name,
  type: 'view' as const,
  title,
  members: members.map(([member, memberTitle, type, aggType, more]) => ({
    name: `${name}.${member}`,
    title: memberTitle,
    type,
    ...(aggType && { aggType }),
    ...more,
  })),
});

export const filters = (p: Plan) => p.filters.map((f) => `${f.field.column} ${f.op} ${f.values.join(',')}`).sort();
