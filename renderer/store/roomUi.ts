import { PRESENTER_VIEWS, type PresenterView } from './room';

/** The next presenter view for a key, or `null` when the key is not a presenter key. */
export function presenterKey(current: PresenterView, key: string): PresenterView | 'leave' | null {
  const i = PRESENTER_VIEWS.indexOf(current);
  if (key === 'Escape') return 'leave';
  if (key === 'ArrowRight' || key === 'PageDown' || key === ' ') return PRESENTER_VIEWS[Math.min(PRESENTER_VIEWS.length - 1, i + 1)];
  if (key === 'ArrowLeft' || key === 'PageUp') return PRESENTER_VIEWS[Math.max(0, i - 1)];
  const n = Number(key);
  if (Number.isInteger(n) && n >= 1 && n <= PRESENTER_VIEWS.length) return PRESENTER_VIEWS[n - 1];
  return null;
}
