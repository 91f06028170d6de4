// The local analyst agent: deterministic, no network. It reads the question (analyst/question.ts: tokens, lemmas,
// time words), looks at everything the user may see (serviceMeta: views and public cubes; its catalog built once per
// model, analyst/catalog-cache.ts) and the values of their categorical dimensions (a cached SQL-API look-up as the
// user, streamed as no tool call: it is not the user's query; a source it cannot read is named in a decline), plans
// over every source (analyst/planner.ts),
// writes MEASURE() SQL (analyst/sql.ts), runs it (serviceSqlApi: the SQL card) and states what it measured and the
// numbers of the result (analyst/answer.ts). What it cannot map it says so, naming what exists. It reads English;
// it writes its fixed sentences in the viewer's language (ctx.locale, analyst/phrases.ts). Its answers are markdown
// whose only markup is its own: values, titles, question words and the engine's messages are escaped as text
// (util/markdown-text.ts); the thinking line and the query card's description are plain text.

import { answerText, chartSpec, reading } from './analyst/answer.js';
import { createCatalogCache } from './analyst/catalog-cache.js';
import { isDecline } from './analyst/plan.js';
import { planQuestion } from './analyst/planner.js';
import { phrasesFor } from './analyst/phrases.js';
import { readQuestion } from './analyst/question.js';
import { toSql } from './analyst/sql.js';
import { createValueCache } from './analyst/values.js';
import type { Agent, AgentContext, AgentEvent } from './types.js';

export function createLocalAnalystAgent(): Agent {
  const values = createValueCache();
  const catalog = createCatalogCache();
  return {
    async *answer(ctx: AgentContext): AsyncGenerator<AgentEvent> {
      const say = await phrasesFor(ctx.locale);
      const { book } = say;
      const question = ctx.input.trim();
      if (!question) {
        yield { final: book.askSomething };
        return;
      }
      yield { thinking: book.looking };
      const sources = catalog(await ctx.tools.serviceMeta({ searchQuery: '' }));
      if (ctx.signal.aborted) return;
      const read = readQuestion(question, ctx.now());
      const known = sources.length
        ? await values.get(ctx, sources)
        : { values: new Map<string, string[]>(), failed: [] };
      if (ctx.signal.aborted) return;
      const plan = planQuestion(read, sources, known.values, say, (text) => readQuestion(text, ctx.now()));
      if (isDecline(plan)) {
        const unread = known.failed.length
          ? ` ${book.valuesUnread(say.names(known.failed.map((f) => f.source)), say.text(known.failed[0].error))}`
          : '';
        yield { final: `${plan.decline}${unread}` };
        return;
      }
      const stated = reading(say.plain, plan);
      yield { thinking: book.willQuery(stated) };
      const spec = chartSpec(say, plan);
      const result = await ctx.tools.serviceSqlApi({
        sqlQuery: toSql(plan),
        queryTitle: book.queryTitle(
          plan.measure.title,
          plan.groups.map((g) => g.title),
        ),
        description: stated,
        userRequest: question,
        memoryId: `q-${ctx.now()}`,
        ...(spec && { vegaSpec: JSON.stringify(spec) }),
      });
      if (ctx.signal.aborted) return;
      if ('error' in result) {
        yield { final: book.couldNotRun(say.text(result.error)) };
        return;
      }
      const text = answerText(say, plan, result);
      // Stream the answer in a few pieces, as a model would.
      for (const piece of text.match(/[\s\S]{1,80}/gu) ?? []) {
        if (ctx.signal.aborted) return;
        yield { final: piece };
      }
    },
  };
}
