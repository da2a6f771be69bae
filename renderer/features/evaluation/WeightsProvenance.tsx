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
import { groupConnectingPair } from '../../../shared/model/edits/ahp-edit';
import { acceptWeightsProposal, keepTeamWeights } from '../../../shared/model/edits/weights-edit';
import { useDerived } from '../../api/derived';
import { currentLang } from '../../i18n';
import { useWorkshop } from '../../store/workshop';
import { numCol, TableHead } from '../../ui/TableHead';
import { useRoom } from '../../store/room';

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

/**
 * The engine's weights for the current judges (AHP) or order (ROC), when the proposal needs them;
 * `unlinked` names the criterion the judges' answered pairs, taken together, do not link (then
 * there are no new weights to offer, and no call is made).
 */
function useNewShares(doc: WorkshopDoc, source: 'ahp' | 'rank' | null): { shares: number[] | null; unlinked: string | null; error: string | null } {
  const group = source === 'ahp' ? ahpGroupRequest(doc, currentLang()) : null;
  const lost = group ? groupConnectingPair(group.request.matrices) : null;
  const unlinked = group && lost ? group.request.labels[lost[1]] : null;
  const index = new Map(doc.criteria.map((c, i) => [c.id, i]));
  const ahp = useDerived('engine.ahp', group && !unlinked ? group.request : null);
  const rank = useDerived('engine.rankWeights', source === 'rank' ? { order: rankOrderIds(doc).map((id) => index.get(id)!), method: 'roc' as const } : null);
  const answer = source === 'ahp' ? ahp : rank;
  return {
    shares: answer.current && answer.value ? answer.value.weights : null,
    unlinked,
    error: source && !unlinked ? (answer.error?.message ?? null) : null,
  };
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
  // In a blind round the judgments are hidden until the reveal, and so are the weights they give:
  // the proposal says that judgments changed, nothing more (no new weights, no choice yet).
  const hidden = useRoom((s) => s.blind) && proposal?.source === 'ahp';
  const { shares, unlinked, error } = useNewShares(
    doc,
    !hidden && proposal && proposal.source !== 'adapted' && proposal.source !== 'scenario' ? proposal.source : null,
  );
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
      {hidden ? (
        <p className="muted small" role="status">
          {t('room.weightsProposal.hiddenBlind')}
        </p>
      ) : unlinked ? (
        <p className="muted small" role="status">
          {t('room.ahp.groupDisconnected', { name: unlinked })}
        </p>
      ) : error ? (
        <p className="muted small" role="alert">
          {error}
        </p>
      ) : proposed ? (
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
      {!hidden && (
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
      )}
    </section>
  );
}
