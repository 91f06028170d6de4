// Shared checks of the layout tests (chat, dashboard): boxes inside boxes, text that is not clipped, theme colours.
/* eslint-disable @typescript-eslint/no-floating-promises -- chai-as-promised types make every plain expect(x).to.equal(y) look floating (as in the browser tests) */
import { expect } from '@open-wc/testing';

/** Relative luminance of a computed `rgb(…)` colour, 0 (black) to 1 (white). */
export function luminance(color: string): number {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((c) => Number(c) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Whether `inner` lies inside `outer` (within `slack` px). */
export const inside = (inner: DOMRect, outer: DOMRect, slack = 1): boolean =>
  inner.left >= outer.left - slack &&
  inner.right <= outer.right + slack &&
  inner.top >= outer.top - slack &&
  inner.bottom <= outer.bottom + slack;

/** Two animation frames: what was measured has been laid out again. */
export const frames = (): Promise<unknown> => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

/** Every text of a chart (axis labels and titles, legend) lies inside `card`; returns how many there are. */
export function expectChartTextInside(chart: SVGSVGElement, card: Element): number {
  const box = card.getBoundingClientRect();
  const texts = [...chart.querySelectorAll('text')].filter((t) => t.textContent.trim());
  for (const t of texts) {
    expect(inside(t.getBoundingClientRect(), box), `"${t.textContent}" inside its card`).to.equal(true);
  }
  return texts.length;
}

/** No box clips its text: its content fits (`scrollHeight ≤ clientHeight`, and the same sideways). */
export function expectNotClipped(boxes: Iterable<HTMLElement>, name: (box: HTMLElement) => string): void {
  for (const box of boxes) {
    expect(box.scrollHeight, `${name(box)} height`).to.be.at.most(box.clientHeight + 1);
    expect(box.scrollWidth, `${name(box)} width`).to.be.at.most(box.clientWidth + 1);
  }
}

/**
 * A chart follows the theme of `el`: no opaque background, axis labels in the element's text colour, and light text
 * on a dark background in dark mode (dark on light otherwise).
 */
export function expectThemedChart(chart: SVGSVGElement, el: Element, scheme: 'light' | 'dark'): void {
  const fg = getComputedStyle(el).color;
  for (const rect of chart.querySelectorAll('rect.background, .background')) {
    expect(getComputedStyle(rect).fill).to.match(/none|transparent|rgba\(0, 0, 0, 0\)/);
  }
  expect(getComputedStyle(chart).backgroundColor).to.match(/transparent|rgba\(0, 0, 0, 0\)/);
  for (const text of chart.querySelectorAll('.role-axis-label text, .role-axis-title text, .role-legend text')) {
    expect(getComputedStyle(text).fill, 'chart text colour').to.equal(fg);
  }
  if (scheme === 'dark') expect(luminance(fg)).to.be.greaterThan(0.6);
  else expect(luminance(fg)).to.be.lessThan(0.2);
}
