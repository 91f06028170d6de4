// Starter questions from a model's meta keep the acronyms of its titles: a films model with "MPAA rating" and
// "IMDB rating" asks "Worldwide gross by MPAA rating", never "by mPAA rating".
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { MetaMember } from '../../../src/api/types.js';
import { suggestedQuestions } from '../../../src/elements/chat/chat-suggestions.js';

const m = (name: string, title: string, type: string, aggType?: string): MetaMember => ({
  name: `films.${name}`,
  title,
  shortTitle: title,
  type,
  ...(aggType && { aggType }),
});

describe('suggestedQuestions', () => {
  it('keeps acronyms inside the question, lower-cases plain words', () => {
    const questions = suggestedQuestions({
      cubes: [
        {
          name: 'films',
          type: 'cube',
          title: 'Films',
          measures: [
            m('worldwide_gross', 'Worldwide gross', 'number', 'sum'),
            m('count', 'Films', 'number', 'count'),
            m('imdb_rating', 'IMDB rating', 'number', 'avg'),
          ],
          dimensions: [
            m('mpaa_rating', 'MPAA rating', 'string'),
            m('major_genre', 'Major genre', 'string'),
            m('release_date', 'Release date', 'time'),
          ],
          segments: [],
        },
      ],
    });
    assert.deepEqual(questions, ['Worldwide gross by MPAA rating', 'Films per month', 'IMDB rating by major genre']);
  });
});
