// The label of a blank value (NULL, or empty text) where a person picks or reads a category — a chart's axis or
// legend, a filter's options: "(none)" in the UI's language, never "null" or nothing.

import { msg } from '@lit/localize';

/** Whether a category value is blank: NULL or empty text. */
export const isBlank = (value: unknown): boolean => value === null || value === undefined || value === '';

/** The label of a blank category, in the UI's language. */
export const noneLabel = (): string => msg('(none)');
