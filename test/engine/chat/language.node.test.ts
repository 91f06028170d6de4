// The viewer's language of a chat request: Accept-Language read as HTTP reads it (weights, order, `*`, q=0).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { preferredLanguage } from '../../../src/engine/chat/language.js';

describe('preferredLanguage (Accept-Language)', () => {
  it('takes the heaviest tag, the first of equal weights, canonicalized', () => {
    assert.equal(preferredLanguage('de'), 'de');
    assert.equal(preferredLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5'), 'fr-CH');
    assert.equal(preferredLanguage('en;q=0.4, ja;q=0.9, ar;q=0.9'), 'ja');
    assert.equal(preferredLanguage('zh-hans-cn'), 'zh-Hans-CN');
    assert.equal(preferredLanguage(' pt-br ;q=1'), 'pt-BR');
  });

  it('skips *, weight 0 and what is no language tag; none left is no preference', () => {
    assert.equal(preferredLanguage('*, de;q=0.5'), 'de');
    assert.equal(preferredLanguage('ko;q=0, nl;q=0.1'), 'nl');
    assert.equal(preferredLanguage('not a tag!, es'), 'es');
    assert.equal(preferredLanguage('*'), undefined);
    assert.equal(preferredLanguage(''), undefined);
    assert.equal(preferredLanguage(undefined), undefined);
    assert.equal(preferredLanguage(null), undefined);
  });
});
