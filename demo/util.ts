// Small helpers shared by the playground's panels.
import { ApiError } from '../src/transport/index.js';

export const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;

/** An error as the page shows it: the service's status and message when it is an API error. */
export const describeError = (error: unknown) =>
  error instanceof ApiError
    ? `${error.status}: ${error.message}`
    : error instanceof Error
      ? error.message
      : String(error);
