import { useSyncExternalStore } from 'react';
import type { StepId } from '../../shared/model';

export type Route = { name: 'library' } | { name: 'workshop'; id: string; step: StepId | null };

const STEP_IDS: readonly string[] = ['needs', 'screening', 'validation', 'metrics', 'evaluation', 'canary', 'iteration'];

export function parseRoute(hash: string): Route {
  const m = /^#\/w\/([A-Za-z0-9._:-]+)(?:\/([a-z]+))?/.exec(hash);
  if (m) return { name: 'workshop', id: m[1], step: m[2] && STEP_IDS.includes(m[2]) ? (m[2] as StepId) : null };
  return { name: 'library' };
}

export function hrefFor(route: Route): string {
  return route.name === 'library' ? '#/' : `#/w/${route.id}${route.step ? `/${route.step}` : ''}`;
}

export function navigate(route: Route) {
  window.location.hash = hrefFor(route);
}

const subscribe = (cb: () => void) => {
  window.addEventListener('hashchange', cb);
  return () => window.removeEventListener('hashchange', cb);
};

export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return parseRoute(hash);
}
