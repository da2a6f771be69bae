import { useEffect } from 'react';

interface ToastProps {
  message: string;
  actionLabel?: string;
  onAction?: () => void;
  onDismiss: () => void;
  closeLabel: string;
  timeoutMs?: number;
}

/** A polite status toast with an optional action (e.g. Undo). */
export function Toast({ message, actionLabel, onAction, onDismiss, closeLabel, timeoutMs = 10_000 }: ToastProps) {
  useEffect(() => {
    const id = setTimeout(onDismiss, timeoutMs);
    return () => clearTimeout(id);
  }, [message, onDismiss, timeoutMs]);
  return (
    <div className="toast" role="status" aria-live="polite">
      <span>{message}</span>
      {actionLabel && onAction && (
        <button type="button" className="btn btn-primary" onClick={onAction}>
          {actionLabel}
        </button>
      )}
      <button type="button" className="btn btn-ghost" aria-label={closeLabel} onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
