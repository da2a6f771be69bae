import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ahpGroupRequest,
  describeProvenance,
  displayName,
  nowIso,
  rankOrderIds,
  ruleEffects,
  weightsProposal,
  type WeightChange,
  type WorkshopDoc,
} from '../../../shared/model';
import { acceptWeightsProposal, keepTeamWeights } from '../../../shared/model/edits/weights-edit';
import { call } from '../../api/client';
import { currentLang } from '../../i18n';
import { useWorkshop } from '../../store/workshop';
import { numCol, TableHead } from '../../ui/TableHead';

/** Where the weights in force came from, in one line (step 5 → Weights). */
export function ProvenanceLine({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const p = describeProvenance(doc, lang);
  const when = p.adoptedAt ? new Date(p.adoptedAt).toLocaleString(lang) : '';
  const list = (xs: string[]) => xs.join(lang === 'zh-CN' ? '、' : ', ');
  const what =
    p.source === 'adapted'
      ? t('room.provenance.adapted', { count: p.rules.length, rules: list(p.rules.map((r) => r.effects)) })
      : p.source === 'ahp'
        ? t('room.provenance.ahp', { names: list(p.judges) || '–', when })
        : p.source === 'rank'
          ? t('room.provenance.rank', { order: p.order.join(' › ') || '–', when })
          : t('room.provenance.scenario', { name: p.scenario || '–', when });
  return (
    <p className="muted small provenance" data-testid="weights-provenance">
      {t('room.provenance.inForce', { what })}
      {p.handEdited.length > 0 && ` ${t('room.provenance.hand', { names: list(p.handEdited) })}`}
      {p.kept > 0 && ` ${t('room.provenance.kept', { count: p.kept })}`}
    </p>
  );
}

/** The engine's weights for the current judges (AHP) or order (ROC), when the proposal needs them. */
function useNewShares(doc: WorkshopDoc, source: 'ahp' | 'rank' | null): number[] | null {
  const group = source === 'ahp' ? ahpGroupRequest(doc, currentLang()) : null;
  const request = group
    ? { method: 'engine.ahp' as const, body: group.request }
    : source === 'rank'
      ? (() => {
          const index = new Map(doc.criteria.map((c, i) => [c.id, i]));
          return { method: 'engine.rankWeights' as const, body: { order: rankOrderIds(doc).map((id) => index.get(id)!), method: 'roc' as const } };
        })()
      : null;
  const key = request ? JSON.stringify(request) : '';
  const [answer, setAnswer] = useState<{ key: string; shares: number[] } | null>(null);
  useEffect(() => {
    if (!request) return;
    let live = true;
    const done = (r: { weights: number[] }) => live && setAnswer({ key, shares: r.weights });
    (request.method === 'engine.ahp' ? call('engine.ahp', request.body) : call('engine.rankWeights', request.body)).then(done, () => live && setAnswer(null));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return answer?.key === key ? answer.shares : null;
}

/**
 * An upstream change that would give other weights than the team's: what changed, the
 * difference, and the team's choice — accept the new weights or keep its own (one undo step each).
 */
export function WeightsProposalBanner({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const edit = useWorkshop((s) => s.edit);
  const proposal = weightsProposal(doc);
  const shares = useNewShares(doc, proposal && proposal.source !== 'adapted' && proposal.source !== 'scenario' ? proposal.source : null);
  if (!proposal) return null;
  // New weights in points: the model's (starting weights + rules) or the engine's shares as percentages.
  const proposed = proposal.proposed ?? (shares ? shares.map((s) => s * 100) : null);
  const total = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) || 1;
  const current = doc.criteria.map((c) => c.weight);
  const fmt = (points: number, sum: number) => `${Math.round(points * 100) / 100} (${((points / sum) * 100).toFixed(1)} %)`;
  const rows = proposed ? doc.criteria.map((c, i) => ({ c, i, was: current[i], now: proposed[i] })).filter((r) => Math.abs(r.was - r.now) > 0.005) : [];
  const person = (id: string) => doc.participants.find((p) => p.id === id)?.name ?? id;
  const describe = (c: WeightChange) => {
    switch (c.kind) {
      case 'rule-dropped':
        return t('room.weightsProposal.ruleDropped', { rule: ruleEffects(doc, c.ruleId, lang) });
      case 'rule-added':
        return t('room.weightsProposal.ruleAdded', { rule: ruleEffects(doc, c.ruleId, lang) });
      case 'rules-edited':
        return t('room.weightsProposal.rulesEdited');
      case 'judgments':
        return t('room.weightsProposal.judgments', { name: person(c.participantId) });
      case 'judge-added':
        return t('room.weightsProposal.judgeAdded', { name: person(c.participantId) });
      case 'judge-removed':
        return t('room.weightsProposal.judgeRemoved', { name: person(c.participantId) });
      case 'order':
        return t('room.weightsProposal.order');
      case 'aggregation':
        return t('room.weightsProposal.aggregation', { from: t(`room.ahp.${c.from}`), to: t(`room.ahp.${c.to}`) });
    }
  };
  return (
    <section className="weights-proposal" role="region" aria-labelledby="weights-proposal-h">
      <h3 id="weights-proposal-h" className="small-h">
        {t('room.weightsProposal.title')}
      </h3>
      <ul className="small">
        {proposal.changes.map((c, i) => (
          <li key={i}>{describe(c)}</li>
        ))}
      </ul>
      <p className="muted small">{t('room.weightsProposal.intro')}</p>
      {proposed ? (
        <table className="table weights-proposal-table">
          <TableHead cols={[t('room.scoring.criterion'), numCol(t('room.weightsProposal.team')), numCol(t('room.weightsProposal.new'))]} />
          <tbody>
            {rows.map((r) => (
              <tr key={r.c.id}>
                <th scope="row">{displayName(r.c, lang, 'criterion', r.i)}</th>
                <td className="num">{fmt(r.was, total(current))}</td>
                <td className="num">{fmt(r.now, total(proposed))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted small" aria-busy="true">
          {t('room.weightsProposal.computing')}
        </p>
      )}
      <div className="proposal-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!proposed}
          onClick={() => edit(t('room.undo.acceptWeights'), (d) => acceptWeightsProposal(d, nowIso(), shares ?? undefined))}
        >
          {t('room.weightsProposal.accept')}
        </button>
        <button type="button" className="btn" onClick={() => edit(t('room.undo.keepWeights'), (d) => keepTeamWeights(d, nowIso()))}>
          {t('room.weightsProposal.keep')}
        </button>
      </div>
    </section>
  );
}
