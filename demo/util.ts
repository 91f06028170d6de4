// Small helpers shared by the playground's panels.
import { ApiError, errorMessage } from '../src/api/errors.js';

export const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;

/** An error as the page shows it: the service's status and message when it is an API error. */
export const describeError = (error: unknown) =>
  error instanceof ApiError ? `${error.status}: ${error.message}` : errorMessage(error);

/**
 * An integer with thousands separators, as en-US writes it. Not Intl: its first use sets up ICU's number formatting,
 * a long task while the page starts (the status line only ever shows English).
 */
export const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
