import { useId, useMemo } from 'react';
import type { Lang } from '../../shared/framework';
import { ASSUMPTION_LABELS, type WorkshopDoc } from '../../shared/model';
import { useDocJudged } from '../api/hierarchy-judged';
import { decisionChangeLines } from './text';

/**
 * What changed since the decision — weights, scores, candidates, evidence and needs against its
 * snapshot — as a compact list: on the assumptions board (steps 6 and 7) and beside the decision
 * record in the room (step 5). Nothing without a snapshot.
 */
export function DecisionChanges({ doc, lang }: { doc: WorkshopDoc; lang: Lang }) {
  const id = useId();
  const { judged } = useDocJudged(doc);
  const lines = useMemo(() => decisionChangeLines(doc, lang, judged), [doc, lang, judged]);
  if (lines === null) return null;
  const L = ASSUMPTION_LABELS[lang];
  return (
    <section className="decision-changes-box" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{L.changes}</h3>
      {lines.length === 0 ? (
        <p className="muted">{L.noChanges}</p>
      ) : (
        <ul className="decision-changes">
          {lines.map((l, i) => (
            <li key={i}>{l}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
