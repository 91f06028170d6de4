// What every domain function gets: the database, the clock, the test hooks and the progress listener.

import type { ChatTokenVerifier } from '../chat/token.js';
import type { EngineHooks, EngineProgress } from '../engine-events.js';
import type { Db } from '../store/db.js';
import type { ReadCache } from './cache.js';

export interface EngineContext {
  db: Db;
  now(): number;
  hooks: EngineHooks;
  cache: ReadCache;
  progress(progress: EngineProgress): void;
  /** Verifies chat service tokens (the engine's checkChatToken hook, API secrets, JWKS with their key cache). */
  chatTokens: ChatTokenVerifier;
}

/** Adds a record to an autoIncrement store and returns its id (the record type's `id` is assigned by the store). */
export function withoutId<T extends { id: number }>(record: Omit<T, 'id'>): T {
  return record as T;
}
