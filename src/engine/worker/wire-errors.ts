// Errors across the worker boundary: structured clone keeps an Error's message at best, not its class or fields, so
// an error crosses as { kind, name, message, fields, cause } and is rebuilt on the other side with the same class
// (instanceof holds), message, own fields (ModelError's problems, ApiError's status and code) and cause.

import { own } from '../../util/own.js';
import { ApiError, ChatAuthError, ChatStreamError } from '../../api/errors.js';
import { ModelError } from '../model/problems.js';
import { LocalEngineUnavailableError } from '../unavailable.js';

/** The classes that keep their identity across the boundary; anything else arrives as its nearest built-in. */
const CLASSES: Record<string, { prototype: Error }> = {
  ModelError,
  LocalEngineUnavailableError,
  ChatAuthError,
  ChatStreamError,
  ApiError,
  TypeError,
  RangeError,
  SyntaxError,
  Error,
};

export interface WireError {
  kind: string;
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
  cause?: WireError;
}

function cloneable(value: unknown): boolean {
  try {
    structuredClone(value);
    return true;
  } catch {
    return false;
  }
}

export function toWire(error: unknown, depth = 0): WireError {
  if (!(error instanceof Error) && !(typeof DOMException !== 'undefined' && error instanceof DOMException)) {
    return { kind: 'Error', name: 'Error', message: String(error), fields: {} }; // a thrown string, number…
  }
  const e = error as Error;
  const isDom = typeof DOMException !== 'undefined' && error instanceof DOMException;
  const kind = isDom
    ? 'DOMException'
    : (Object.keys(CLASSES).find((k) => error instanceof (CLASSES[k] as never)) ?? 'Error');
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(e)) {
    if (key !== 'message' && key !== 'stack' && key !== 'cause' && cloneable(value)) fields[key] = value;
  }
  return {
    kind,
    name: e.name,
    message: e.message,
    stack: e.stack,
    fields,
    cause: e.cause !== undefined && depth < 4 ? toWire(e.cause, depth + 1) : undefined,
  };
}

export function fromWire(wire: WireError): Error {
  let error: Error;
  if (wire.kind === 'DOMException' && typeof DOMException !== 'undefined') {
    error = new DOMException(wire.message, wire.name);
  } else {
    error = Object.create((own(CLASSES, wire.kind) ?? Error).prototype) as Error;
    const hidden = { writable: true, configurable: true, enumerable: false };
    Object.defineProperty(error, 'message', { ...hidden, value: wire.message });
    if (!Object.hasOwn(wire.fields, 'name') && error.name !== wire.name) {
      Object.defineProperty(error, 'name', { ...hidden, value: wire.name });
    }
    Object.defineProperty(error, 'stack', { ...hidden, value: wire.stack ?? `${wire.name}: ${wire.message}` });
    Object.assign(error, wire.fields);
  }
  if (wire.cause)
    Object.defineProperty(error, 'cause', { writable: true, configurable: true, value: fromWire(wire.cause) });
  return error;
}
