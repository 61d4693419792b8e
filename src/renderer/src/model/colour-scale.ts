// The heatmap's colour scale: viridis, a perceptually uniform map that stays readable for the
// common forms of colour blindness and in greyscale. Its 256 colours are a precomputed table
// (the matplotlib colour map by Stéfan van der Walt and Nathaniel Smith, released CC0), so
// drawing a cell is one array lookup. Text drawn on a cell picks black or white by the colour's
// relative luminance.

const VIRIDIS_HEX =
  '44015444025645045745055946075a46085c460a5d460b5e470d60470e6147106347116447136548146748166848176948186a481a6c481b6d481c6e481d6f481f70482071482173482374482475482576482677482878482979472a7a472c7a472d7b472e7c472f7d46307e46327e46337f463480453581453781453882443983443a83443b84433d84433e85423f854240864241864142874144874045884046883f47883f48893e49893e4a893e4c8a3d4d8a3d4e8a3c4f8a3c508b3b518b3b528b3a538b3a548c39558c39568c38588c38598c375a8c375b8d365c8d365d8d355e8d355f8d34608d34618d33628d33638d32648e32658e31668e31678e31688e30698e306a8e2f6b8e2f6c8e2e6d8e2e6e8e2e6f8e2d708e2d718e2c718e2c728e2c738e2b748e2b758e2a768e2a778e2a788e29798e297a8e297b8e287c8e287d8e277e8e277f8e27808e26818e26828e26828e25838e25848e25858e24868e24878e23888e23898e238a8d228b8d228c8d228d8d218e8d218f8d21908d21918c20928c20928c20938c1f948c1f958b1f968b1f978b1f988b1f998a1f9a8a1e9b8a1e9c891e9d891f9e891f9f881fa0881fa1881fa1871fa28720a38620a48621a58521a68522a78522a88423a98324aa8325ab8225ac8226ad8127ad8128ae8029af7f2ab07f2cb17e2db27d2eb37c2fb47c31b57b32b67a34b67935b77937b87838b9773aba763bbb753dbc743fbc7340bd7242be7144bf7046c06f48c16e4ac16d4cc26c4ec36b50c46a52c56954c56856c66758c7655ac8645cc8635ec96260ca6063cb5f65cb5e67cc5c69cd5b6ccd5a6ece5870cf5773d05675d05477d1537ad1517cd2507fd34e81d34d84d44b86d54989d5488bd6468ed64590d74393d74195d84098d83e9bd93c9dd93ba0da39a2da37a5db36a8db34aadc32addc30b0dd2fb2dd2db5de2bb8de29bade28bddf26c0df25c2df23c5e021c8e020cae11fcde11dd0e11cd2e21bd5e21ad8e219dae319dde318dfe318e2e418e5e419e7e419eae51aece51befe51cf1e51df4e61ef6e620f8e621fbe723fde725';

export const SCALE_STEPS = 256;

/** The 256 viridis colours as '#rrggbb', darkest (0) to brightest (255). */
export const VIRIDIS: readonly string[] = Array.from(
  { length: SCALE_STEPS },
  (_, i) => `#${VIRIDIS_HEX.slice(i * 6, i * 6 + 6)}`,
);

/** Relative luminance (WCAG 2) of a '#rrggbb' colour, 0..1. */
export function luminance(hex: string): number {
  const channel = (k: number): number => {
    const v = parseInt(hex.slice(1 + k * 2, 3 + k * 2), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG contrast ratio of two luminances. */
export function contrastRatio(a: number, b: number): number {
  const [hi, lo] = a > b ? [a, b] : [b, a];
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white text for each step, whichever contrasts more with the step's colour. */
export const TEXT_ON: readonly string[] = VIRIDIS.map((c) => {
  const l = luminance(c);
  return contrastRatio(l, 0) >= contrastRatio(l, 1) ? '#000000' : '#ffffff';
});

/**
 * Table index of a value on a scale from 0 to `max` (values past max clamp to the top colour).
 * `max` <= 0 maps everything to the bottom. NaN maps to the bottom.
 */
export function scaleIndex(value: number, max = 1): number {
  if (!(max > 0) || !(value > 0)) return 0;
  const t = value / max;
  if (t >= 1) return SCALE_STEPS - 1;
  return Math.floor(t * SCALE_STEPS);
}

export function heatColour(value: number, max = 1): string {
  return VIRIDIS[scaleIndex(value, max)]!;
}

export function heatTextColour(value: number, max = 1): string {
  return TEXT_ON[scaleIndex(value, max)]!;
}

/** A CSS linear-gradient of the scale (left to right), sampled at `stops` points. */
export function scaleGradient(stops = 16): string {
  const parts: string[] = [];
  for (let k = 0; k < stops; k++) {
    const i = Math.round((k / (stops - 1)) * (SCALE_STEPS - 1));
    parts.push(`${VIRIDIS[i]} ${((k / (stops - 1)) * 100).toFixed(1)}%`);
  }
  return `linear-gradient(to right, ${parts.join(', ')})`;
}

/** Round tick values for a legend from 0 to max (3 to 6 ticks, max itself last). */
export function legendTicks(max: number, topLabelChars = 4): number[] {
  if (!(max > 0)) return [0];
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step =
    [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => max / s <= 5) ?? magnitude * 10;
  const ticks: number[] = [];
  // Interior ticks keep clear of the maximum's label, which ends at the bar's end and is wider
  // the more characters it has: about 3.5% of the bar per character, plus room for half a tick's
  // label ("24.91%" needs 26%, so no "20%" tick beside it; "100%" 19%, keeping "80%").
  const clear = 0.05 + 0.035 * topLabelChars;
  for (let v = 0; v < max * (1 - clear); v += step) ticks.push(Number(v.toPrecision(12)));
  ticks.push(max);
  return ticks;
}
