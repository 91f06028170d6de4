// What <svc-chat> shows only once a thread or the data model is there — tool call cards (SQL, result table, chart),
// the check that hides an answer's markdown table repeating the query's rows, starter questions from the model —
// loaded on first use, so the chat's first frame (the empty state and the composer) does not wait for them.

export { hideRepeatedTables } from './answer-tables.js';
export { suggestedQuestions } from './chat-suggestions.js';
export { copySql, highlighted } from './sql-block.js';
export { toolCard } from './tool-card.js';
