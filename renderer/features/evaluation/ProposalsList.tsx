import { useTranslation } from 'react-i18next';
import { pick } from '../../../shared/framework';
import { decideProposal, displayName, nowIso, proposals, type WorkshopDoc } from '../../../shared/model';
import { hrefFor } from '../../nav/route';
import { currentLang } from '../../i18n';
import { useWorkshop } from '../../store/workshop';

/** The adaptation rules (seed §五) that apply to this team's needs, each with its reason and the team's decision. */
export function ProposalsList({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const edit = useWorkshop((s) => s.edit);
  const list = proposals(doc);
  const criterion = new Map(doc.criteria.map((c, i) => [c.id, displayName(c, lang, 'criterion', i)]));
  if (list.length === 0)
    return (
      <p className="empty">
        {t('room.proposals.none')} <a href={hrefFor({ name: 'workshop', id: doc.id, step: 'needs' })}>{t('room.proposals.toNeeds')}</a>
      </p>
    );
  return (
    <div className="proposals">
      <p className="muted small">{t('room.proposals.intro')}</p>
      {doc.weighting.provenance.source !== 'adapted' && <p className="small">{t('room.proposals.notInForce')}</p>}
      <ul className="proposal-list">
        {list.map(({ rule, status }) => (
          <li key={rule.id} className={`proposal proposal-${status}`}>
            <p className="proposal-reason">{pick(rule.reason, lang)}</p>
            <p className="small">
              {rule.effects.map((e) => `${criterion.get(e.criterionId) ?? e.criterionId} ${e.delta > 0 ? '+' : '−'}${Math.abs(e.delta)}`).join(' · ')}
            </p>
            <div className="proposal-actions">
              <span className={`badge status-${status}`}>{t(`room.proposals.status.${status}`)}</span>
              {(['accepted', 'rejected'] as const).map((to) => (
                <button
                  key={to}
                  type="button"
                  className="btn btn-small"
                  aria-pressed={status === to}
                  onClick={() => edit(t('room.undo.proposal'), (d) => decideProposal(d, rule.id, status === to ? 'pending' : to, nowIso()))}
                >
                  {t(to === 'accepted' ? 'room.proposals.accept' : 'room.proposals.reject')}
                </button>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
