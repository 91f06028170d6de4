// Small helpers shared by the playground's panels.
import { ApiError, errorMessage } from '../src/api/errors.js';

export const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;

/** An error as the page shows it: the service's status and message when it is an API error. */
export const describeError = (error: unknown) =>
  error instanceof ApiError ? `${error.status}: ${error.message}` : errorMessage(error);
