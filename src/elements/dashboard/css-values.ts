// Styles from a dashboard's configuration: its `theme` as --svc-* tokens and a widget's `style`, both limited to plain
// CSS values of known keys (no url(), no expressions, nothing that breaks out of the declaration).

import type { DashboardWidget } from '../../api/types.js';
import { asRecord } from './values.js';

/** A CSS value from configuration, or undefined when it could do more than style (url(), expressions, breaking out). */
function safeCss(v: unknown): string | undefined {
  if (typeof v !== 'string' && typeof v !== 'number') return undefined;
  const value = String(v);
  return /url\(|expression|image-set|[;{}<>\\]/i.test(value) ? undefined : value;
}

/** The dashboard's `theme` as --svc-* tokens (known keys only). */
export function themeStyle(theme: Record<string, unknown> | null | undefined): Record<string, string> {
  const map: Record<string, string> = {
    primaryColor: '--svc-color-accent',
    accentColor: '--svc-color-accent',
    backgroundColor: '--svc-color-surface',
    textColor: '--svc-color-text',
    borderColor: '--svc-color-border',
    fontFamily: '--svc-font-family',
    borderRadius: '--svc-radius',
    widgetBackground: '--svc-dashboard-widget-background',
  };
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(asRecord(theme))) {
    const value = safeCss(v);
    if (map[key] && value !== undefined) out[map[key]] = value;
  }
  return out;
}

/** A widget's `style`: only plain CSS values of a few safe properties (no url(), no expressions). */
export function widgetStyle(widget: DashboardWidget): Record<string, string> {
  const allowed = ['background', 'backgroundColor', 'color', 'borderColor', 'borderRadius', 'padding'];
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(asRecord(widget.style))) {
    const value = safeCss(v);
    if (!allowed.includes(k) || value === undefined) continue;
    out[k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)] = value;
  }
  return out;
}
