import type { MetricSeries, WorkshopDoc } from '../schema';

const key = (s: Pick<MetricSeries, 'candidateId' | 'metric' | 'bucket'>) => `${s.candidateId}|${s.metric}|${s.bucket}`;

/**
 * Canary / production metrics for the decision's review, read with the pilot importer (step 4):
 * a re-imported measure replaces the one before. Only the decided candidate's series are kept
 * (they are what the assumptions are held against); nothing to keep leaves the document as is.
 */
export function importCanary(doc: WorkshopDoc, series: readonly MetricSeries[], record: { file: string; importedAt: string; rows: number }): WorkshopDoc {
  const id = doc.decision.candidateId;
  if (id === null) return doc;
  const incoming = series
    .filter((s) => s.candidateId === id && s.points.length > 0)
    .map(({ candidateId, metric, bucket, points }) => ({ candidateId, metric, bucket, points }));
  if (incoming.length === 0) return doc;
  const replaced = new Set(incoming.map(key));
  const canary = [...doc.review.canary.filter((s) => !replaced.has(key(s))), ...incoming].slice(-50);
  const imports = [...doc.review.imports, { ...record, file: record.file.slice(0, 1000) }].slice(-500);
  return { ...doc, review: { ...doc.review, canary, imports } };
}

/** Removes every canary series (the board shows its assumptions unobserved again). */
export function clearCanary(doc: WorkshopDoc): WorkshopDoc {
  return doc.review.canary.length === 0 ? doc : { ...doc, review: { ...doc.review, canary: [] } };
}

/** The team's tolerance: how far (a share, 0.1 = 10 %) outside its band an assumption is drifting rather than broken. Outside 0..10 is refused. */
export function setReviewTolerance(doc: WorkshopDoc, tolerance: number): WorkshopDoc {
  if (!Number.isFinite(tolerance) || tolerance < 0 || tolerance > 10 || tolerance === doc.review.tolerance) return doc;
  return { ...doc, review: { ...doc.review, tolerance } };
}
