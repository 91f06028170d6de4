// The library's one Vega theme: the --svc-* colour and font tokens (light or dark, as the element resolves them) as a
// Vega config, so charts follow the colour scheme and a host's or dashboard's token overrides like the rest.

/** The private tokens every element defines from the public ones (see SvcElement's styles). */
const TOKENS = ['--_fg', '--_muted', '--_border', '--_accent'] as const;

/** The tokens' computed colours at `el` (light-dark() resolved by the element's colour scheme). */
function resolveTokens(el: HTMLElement): Record<(typeof TOKENS)[number], string> {
  const probe = document.createElement('span');
  probe.hidden = true;
  el.append(probe);
  try {
    const out = {} as Record<(typeof TOKENS)[number], string>;
    for (const token of TOKENS) {
      probe.style.color = `var(${token})`;
      out[token] = getComputedStyle(probe).color;
    }
    return out;
  } finally {
    probe.remove();
  }
}

/** The Vega config for a chart drawn in `el`: text, axes, grid and the default mark colour from the tokens. */
export function chartTheme(el: HTMLElement): Record<string, unknown> {
  const { '--_fg': fg, '--_muted': muted, '--_border': border, '--_accent': accent } = resolveTokens(el);
  const font = getComputedStyle(el).fontFamily;
  const text = { labelColor: fg, titleColor: fg, labelFont: font, titleFont: font };
  return {
    background: 'transparent',
    font,
    axis: { ...text, domainColor: border, gridColor: border, tickColor: border },
    legend: text,
    header: text,
    title: { color: fg, subtitleColor: muted, font, subtitleFont: font },
    view: { stroke: border },
    mark: { color: accent },
    text: { color: fg },
  };
}
