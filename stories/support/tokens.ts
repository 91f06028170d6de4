// The theme tokens (the inherited CSS custom properties every element reads; README, Theming) as controls of every
// story: set on the story's outermost element, they reach each element inside.
import type { ArgTypes } from '@storybook/web-components-vite';

const color = (description: string, light: string, dark: string) => ({
  description,
  control: { type: 'color' as const },
  table: { category: 'theme tokens', defaultValue: { summary: `light-dark(${light}, ${dark})` } },
});
const text = (description: string, fallback: string) => ({
  description,
  control: { type: 'text' as const },
  table: { category: 'theme tokens', defaultValue: { summary: fallback } },
});

export const THEME_TOKENS: ArgTypes = {
  '--svc-color-surface': color('Background of the elements.', '#ffffff', '#1d1f23'),
  '--svc-color-text': color('Text.', '#1c1e21', '#e8eaed'),
  '--svc-color-muted': color('Secondary text.', '#5f6368', '#9aa0a6'),
  '--svc-color-accent': color('Links, buttons, focus rings, the first chart colour.', '#1a56db', '#8ab4f8'),
  '--svc-color-border': color('Borders and rules.', '#dadce0', '#3c4043'),
  '--svc-color-danger': color('Errors.', '#b3261e', '#f2b8b5'),
  '--svc-color-code-keyword': color('SQL keywords in the chat.', '#6929c4', '#d4bbff'),
  '--svc-color-code-string': color('SQL strings in the chat.', '#0e6027', '#6fdc8c'),
  '--svc-color-code-number': color('SQL numbers in the chat.', '#a2191f', '#ffb3b8'),
  '--svc-radius': text('Corner radius.', '8px'),
  '--svc-font-family': text('Font of the words (charts too).', 'system-ui, sans-serif'),
  '--svc-color-scheme': {
    description: 'Light or dark for the whole subtree (the `color-scheme` attribute does the same per element).',
    control: { type: 'select' as const },
    options: ['light', 'dark', 'light dark'],
    table: { category: 'theme tokens', defaultValue: { summary: 'light dark' } },
  },
};
