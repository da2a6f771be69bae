import type { ReactNode } from 'react';

/**
 * The `<option>`s of a `<select>` (or a `<datalist>`), one per item: its value is the item itself
 * for a list of strings, the item's `id` for a list of records, or what `value` says.
 */
export function Options<T>({
  items,
  label,
  value = defaultValue,
  disabled,
}: {
  items: readonly T[];
  label: (item: T, index: number) => ReactNode;
  value?: (item: T, index: number) => string;
  disabled?: (item: T, index: number) => boolean;
}) {
  return items.map((item, i) => {
    const v = value(item, i);
    return (
      <option key={`${i}:${v}`} value={v} disabled={disabled?.(item, i)}>
        {label(item, i)}
      </option>
    );
  });
}

function defaultValue(item: unknown): string {
  return typeof item === 'string' ? item : (item as { id: string }).id;
}
