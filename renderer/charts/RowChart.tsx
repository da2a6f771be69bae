import { useRef, type ReactNode } from 'react';
import type { BarLayout, BarRowGeometry } from '../../shared/charts/bars';
import { ChartFigure, ChartSvg, Lines, XTicks, type ChartProps, type ChartRow } from './ChartFigure';
import type { ChartBox } from './measure';

/**
 * The frame the row charts share (ranking bars, tornado, rank acceptability): the figure with its
 * export, the accessible `<svg>`, the x axis, and per row its wrapped name right-aligned before the
 * plot. Each chart draws only what is its own in a row (`row`) and below the rows (`children`).
 */
export function RowChart<Item extends ChartRow, Row extends BarRowGeometry>({
  items,
  title,
  filename,
  desc,
  actions,
  frame: { box, layout, lines },
  rows,
  full,
  className,
  rowClassName,
  height = layout.height,
  row,
  children,
}: Omit<ChartProps<Item>, 'width'> & {
  /** The measured box, the geometry's size, plot and ticks (`shared/charts/bars`), and each row's name wrapped (`rowLabels`). */
  frame: { box: ChartBox; layout: BarLayout; lines: readonly (readonly string[])[] };
  /** The geometry's rows, one per item. */
  rows: readonly Row[];
  /** The full text of each row's name, for its tooltip, where it differs from the lines joined. */
  full?: readonly string[];
  className: string;
  rowClassName?: (item: Item, index: number) => string | undefined;
  /** Height of the drawing where something sits below the rows (a legend). */
  height?: number;
  row: (item: Item, geometry: Row, index: number) => ReactNode;
  children?: ReactNode;
}) {
  const ref = useRef<SVGSVGElement>(null);
  return (
    <ChartFigure title={title} filename={filename} svgRef={ref} actions={actions} boxRef={box.ref}>
      <ChartSvg svgRef={ref} filename={filename} title={title} desc={desc} width={layout.width} height={height} className={`chart-svg ${className}`}>
        <XTicks ticks={layout.ticks} height={layout.height} axisHeight={layout.axisHeight} />
        {items.map((item, i) => (
          <g key={item.id} className={rowClassName?.(item, i)}>
            <Lines
              className="bar-label"
              lines={lines[i]}
              full={full?.[i]}
              x={layout.plotX - Math.round(box.px * 0.6)}
              y={rows[i].labelY}
              lineHeight={box.lineHeight}
              anchor="end"
            />
            {row(item, rows[i], i)}
          </g>
        ))}
        {children}
      </ChartSvg>
    </ChartFigure>
  );
}
