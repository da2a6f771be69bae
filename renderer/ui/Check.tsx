import type { ReactNode } from 'react';

/**
 * A checkbox (or one radio button of a group) with its text, the whole label clickable. The
 * handler gets the new state; a radio reports `true` when it is picked. The space between box and
 * text is the style's (`.check`, `.inline-label`, `.radio`), so the label's text is the text alone.
 */
export function Check({
  checked,
  onChange,
  children,
  className = 'check',
  type = 'checkbox',
  name,
  value,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  className?: string;
  type?: 'checkbox' | 'radio';
  /** The radio group's name. */
  name?: string;
  value?: string;
  disabled?: boolean;
}) {
  return (
    <label className={className}>
      <input type={type} name={name} value={value} checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      {children}
    </label>
  );
}
