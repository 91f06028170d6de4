// The local analyst agent: deterministic, no network. It reads the question (analyst/question.ts: tokens, lemmas,
// time words), looks at everything the user may see (serviceMeta: views and public cubes) and the values of their
// categorical dimensions (one cached SQL-API look-up as the user), plans over every source (analyst/planner.ts),
// writes MEASURE() SQL (analyst/sql.ts), runs it (serviceSqlApi: the SQL card) and states what it measured and the
// numbers of the result (analyst/answer.ts). What it cannot map it says so, naming what exists.

import { answerText, chartSpec, reading } from './analyst/answer.js';
import { buildCatalog } from './analyst/catalog.js';
import { isDecline } from './analyst/plan.js';
import { planQuestion } from './analyst/planner.js';
import { readQuestion } from './analyst/question.js';
import { toSql } from './analyst/sql.js';
import { createValueCache } from './analyst/values.js';
import type { Agent, AgentContext, AgentEvent } from './types.js';

export function createLocalAnalystAgent(): Agent {
  const values = createValueCache();
  return {
    async *answer(ctx: AgentContext): AsyncGenerator<AgentEvent> {
      const question = ctx.input.trim();
      if (!question) {
        yield { final: 'Ask me a question about your data, for example "revenue by region last year".' };
        return;
      }
      yield { thinking: 'Looking for the data that matches the question. ' };
      const sources = buildCatalog(await ctx.tools.serviceMeta({ searchQuery: '' }));
      if (ctx.signal.aborted) return;
      const read = readQuestion(question, ctx.now());
      const known = sources.length ? await values.get(ctx, sources, question) : new Map<string, string[]>();
      if (ctx.signal.aborted) return;
      const plan = planQuestion(read, sources, known);
      if (isDecline(plan)) {
        yield { final: plan.decline };
        return;
      }
      yield { thinking: `I will query ${reading(plan)}` };
      const spec = chartSpec(plan);
      const result = await ctx.tools.serviceSqlApi({
        sqlQuery: toSql(plan),
        queryTitle: `${plan.measure.title}${plan.groups.length ? ` by ${plan.groups.map((g) => g.title).join(', ')}` : ''}`,
        description: reading(plan),
        userRequest: question,
        memoryId: `q-${ctx.now()}`,
        ...(spec && { vegaSpec: JSON.stringify(spec) }),
      });
      if (ctx.signal.aborted) return;
      if ('error' in result) {
        yield { final: `I could not run the query: ${result.error}` };
        return;
      }
      const text = answerText(plan, result);
      // Stream the answer in a few pieces, as a model would.
      for (const piece of text.match(/[\s\S]{1,80}/g) ?? []) {
        if (ctx.signal.aborted) return;
        yield { final: piece };
      }
    },
  };
}
