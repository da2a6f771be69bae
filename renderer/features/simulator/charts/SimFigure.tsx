/** Rough text width for laying out legends inside the SVG (CJK glyphs are about twice as wide). */
export function textWidth(s: string, px = 12): number {
  let w = 0;
  for (const ch of s) w += /[\u2e80-\uffff]/.test(ch) ? px : px * 0.58;
  return w;
}

/** Legend entries laid out left to right, wrapping at `width`; returns the rows' height. */
export function legendLayout(labels: readonly string[], width: number, x0 = 8): { items: Array<{ label: string; x: number; row: number }>; rows: number } {
  let x = x0;
  let row = 0;
  const items = labels.map((label) => {
    const w = 14 + textWidth(label) + 16;
    if (x + w > width && x > x0) {
      row += 1;
      x = x0;
    }
    const item = { label, x, row };
    x += w;
    return item;
  });
  return { items, rows: labels.length ? row + 1 : 0 };
}

export function SvgLegend({ labels, width, y, colours }: { labels: readonly string[]; width: number; y: number; colours: readonly string[] }) {
  const { items } = legendLayout(labels, width);
  return (
    <g className="legend">
      {items.map((it, i) => (
        <g key={it.label} transform={`translate(${it.x}, ${y + it.row * 18})`}>
          <rect width={10} height={10} y={-9} rx={2} style={{ fill: colours[i] }} />
          <text x={14} y={0}>
            {it.label}
          </text>
        </g>
      ))}
    </g>
  );
}
