import { useEffect, useRef, type ReactNode } from 'react';

interface DialogProps {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** A modal built on <dialog>: focus is trapped and Escape closes it, as the platform does. */
export function Dialog({ title, open, onClose, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // The 'close' event of a close we made ourselves arrives later, as a task; by then the dialog
  // may be open again with new content, which that stale event must not close.
  const ownCloses = useRef(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) {
      ownCloses.current++;
      el.close();
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-label={title}
      onClose={() => {
        if (ownCloses.current > 0) ownCloses.current--;
        else onClose();
      }}
    >
      <h2 className="dialog-title">{title}</h2>
      {open && children}
    </dialog>
  );
}
