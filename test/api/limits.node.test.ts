import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  EMBED_TENANT_NAME_PATTERN,
  MESSAGE_ID_PATTERN,
  isAbsoluteHttpUrl,
  newMessageId,
  normalizeExternalId,
  normalizeSlug,
  roleAtLeast,
} from '../../src/api/limits.js';

describe('limits', () => {
  it('normalizes slugs by trimming and lowercasing, idempotently', () => {
    assert.equal(normalizeSlug('  Q3-Plan \n'), 'q3-plan');
    fc.assert(fc.property(fc.string(), (s) => normalizeSlug(normalizeSlug(s)) === normalizeSlug(s)));
    assert.equal(normalizeExternalId(' User@Example.COM '), 'user@example.com');
  });

  it('embedTenantName: 5–36 chars, starts with a letter, ends with a letter or digit, a-z 0-9 -', () => {
    for (const ok of ['acme1', 'acme-eu', 'a'.repeat(36), 'x-2-y', 'abcd9'])
      assert.ok(EMBED_TENANT_NAME_PATTERN.test(ok), ok);
    for (const bad of ['acme', 'a'.repeat(37), '1acme', 'acme-', 'Acme1', 'acme_eu', 'ac me', '-acme'])
      assert.ok(!EMBED_TENANT_NAME_PATTERN.test(bad), bad);
  });

  it('messageId: 13 or more digits then -message', () => {
    assert.ok(MESSAGE_ID_PATTERN.test('1700000000000-message'));
    assert.ok(MESSAGE_ID_PATTERN.test('17000000000001-message'));
    for (const bad of ['170000000000-message', '1700000000000-msg', 'x1700000000000-message', '1700000000000-message '])
      assert.ok(!MESSAGE_ID_PATTERN.test(bad), bad);
    assert.ok(MESSAGE_ID_PATTERN.test(newMessageId()));
    assert.equal(newMessageId(1), '0000000000001-message');
  });

  it('userProfile.picture must be an absolute http(s) URL', () => {
    for (const ok of ['https://cdn.example.com/a.png', 'http://x.io/p?s=1']) assert.ok(isAbsoluteHttpUrl(ok), ok);
    for (const bad of [
      'javascript:alert(1)',
      '/a.png',
      'data:image/png;base64,AA',
      'ftp://x/a',
      'https://',
      '//x.io/a',
    ])
      assert.ok(!isAbsoluteHttpUrl(bad), bad);
  });

  it('orders roles viewer < explorer < ai-bi-user < developer < admin', () => {
    assert.ok(roleAtLeast('admin', 'ai-bi-user'));
    assert.ok(roleAtLeast('ai-bi-user', 'ai-bi-user'));
    assert.ok(!roleAtLeast('explorer', 'ai-bi-user'));
    assert.ok(!roleAtLeast('viewer', 'explorer'));
  });
});
