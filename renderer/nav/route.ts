import { useSyncExternalStore } from 'react';
import type { StepId } from '../../shared/model';

/** `sim`: the candidate whose cost-simulator scenario is open inside step 3 (`#/w/<id>/validation?sim=<candidateId>`). */
export type Route = { name: 'library' } | { name: 'workshop'; id: string; step: StepId | null; sim?: string };

const STEP_IDS: readonly string[] = ['needs', 'screening', 'validation', 'metrics', 'evaluation', 'canary', 'iteration'];

export function parseRoute(hash: string): Route {
  const m = /^#\/w\/([A-Za-z0-9._:-]+)(?:\/([a-z]+))?(?:\?(.*))?$/.exec(hash);
  if (m) {
    const step = m[2] && STEP_IDS.includes(m[2]) ? (m[2] as StepId) : null;
    const sim = new URLSearchParams(m[3] ?? '').get('sim');
    return { name: 'workshop', id: m[1], step, ...(sim ? { sim } : {}) };
  }
  return { name: 'library' };
}

export function hrefFor(route: Route): string {
  if (route.name === 'library') return '#/';
  const query = route.sim ? `?sim=${encodeURIComponent(route.sim)}` : '';
  return `#/w/${route.id}${route.step ? `/${route.step}` : ''}${query}`;
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
