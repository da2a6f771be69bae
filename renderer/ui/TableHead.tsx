import type { ReactNode } from 'react';

/** A column heading that is more than its text: right-aligned for numbers, or read only by screen readers. */
export interface Column {
  label: ReactNode;
  /** A number column (right-aligned, `className="num"`). */
  num?: boolean;
  /** Visually hidden (a column of buttons named for screen readers). */
  hidden?: boolean;
  /** An empty corner cell (`<td />`), e.g. above a column of row buttons. */
  blank?: boolean;
}

/** A number column's heading. */
export const numCol = (label: ReactNode): Column => ({ label, num: true });

/** The header row of a data table: each column a `<th scope="col">`, in order. */
export function TableHead({ cols }: { cols: (string | Column)[] }) {
  return (
    <thead>
      <tr>
        {cols.map((c, i) => {
          const col = typeof c === 'string' ? { label: c } : c;
          if (col.blank) return <td key={i} />;
          return (
            <th key={i} scope="col" className={col.num ? 'num' : undefined}>
              {col.hidden ? <span className="sr-only">{col.label}</span> : col.label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
