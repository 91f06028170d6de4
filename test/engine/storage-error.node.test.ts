// storageReason: a full quota says so whatever the browser's message (Chromium's is empty), other storage errors keep
// their message, or their name when they have none.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { QUOTA_FULL, storageReason } from '../../src/engine/storage-error.js';

describe('storageReason', () => {
  it('a QuotaExceededError, with or without a message, or under a cause', () => {
    assert.equal(storageReason(new DOMException('', 'QuotaExceededError')), QUOTA_FULL);
    const firefox = new DOMException('The current transaction exceeded its quota limitations.', 'QuotaExceededError');
    assert.equal(storageReason(firefox), QUOTA_FULL);
    assert.equal(storageReason(new Error('could not store', { cause: firefox })), QUOTA_FULL);
  });

  it('other errors: the first line of the message, else the cause, else the name', () => {
    assert.equal(
      storageReason(new DOMException('Error writing blob to file', 'UnknownError')),
      'Error writing blob to file',
    );
    assert.equal(storageReason(new DOMException('', 'UnknownError')), 'UnknownError');
    assert.equal(storageReason(new Error('Binder Error: no such column\nLINE 1: ...')), 'Binder Error: no such column');
    assert.equal(storageReason(new Error('', { cause: new DOMException('disk I/O', 'UnknownError') })), 'disk I/O');
    assert.equal(storageReason('plain'), 'plain');
  });
});
