import { useTranslation } from 'react-i18next';
import { displayName, leafNameOf, mostChangedCells, roundTrends, type WorkshopDoc } from '../../../shared/model';
import { currentLang } from '../../i18n';
import { formatNumber, formatPercent } from '../../ui/format';
import { PersonName } from '../../ui/PersonName';
import { TableHead } from '../../ui/TableHead';
import { useRoom } from '../../store/room';

/** How many moved cells each round lists. */
const MOST_CHANGED = 5;

/**
 * The rounds of the room vote (round-history.ts): each round's disagreement once it closed and
 * whether the room converged, and per round the cells whose scores moved most, with who moved
 * them, from what to what, and why. Native table and disclosure elements: usable by keyboard.
 * Hidden while the room is blind, like every result.
 */
export function RoundsView({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const lang = currentLang();
  // Blind (each scores unseen): the changes and their rationales stay hidden too.
  const blind = useRoom((s) => s.blind);
  if (doc.rounds.length === 0 || blind) return null;
  const trends = roundTrends(doc.rounds);
  const person = (id: string) => doc.participants.find((p) => p.id === id)?.name ?? id;
  const name = (candidateId: string, criterionId: string) => {
    const c = doc.candidates.findIndex((x) => x.id === candidateId);
    const k = doc.criteria.findIndex((x) => x.id === criterionId);
    return `${c < 0 ? candidateId : displayName(doc.candidates[c], lang, 'candidate', c)} · ${k < 0 ? criterionId : displayName(doc.criteria[k], lang, 'criterion', k)}`;
  };
  // A dimension scored at its focus points changes by derived values: at most two decimals.
  const score = (v: number | null) => (v === null ? t('roomVote.rounds.none') : formatNumber(v, lang, 2));
  const spread = (v: number | null) => (v === null ? '—' : v.toFixed(1));
  return (
    <section className="vote-rounds" aria-labelledby="vote-rounds-h" data-testid="vote-rounds">
      <h3 id="vote-rounds-h">{t('roomVote.rounds.title')}</h3>
      <p className="hint">{t('roomVote.rounds.intro')}</p>
      <table className="vote-rounds-table">
        <TableHead
          cols={[t('roomVote.rounds.title'), t('roomVote.rounds.disagreementHead'), t('roomVote.rounds.trendHead'), t('roomVote.rounds.changesHead')]}
        />
        <tbody>
          {doc.rounds.map((r, i) => (
            <tr key={r.roundId} data-round={r.no}>
              <th scope="row">{t('roomVote.rounds.round', { no: r.no })}</th>
              <td data-col="disagreement">{r.disagreement === null ? t('roomVote.rounds.open') : formatPercent(r.disagreement, lang, 1)}</td>
              <td data-col="trend" data-trend={trends[i].trend}>
                {t(`roomVote.rounds.trend.${trends[i].trend}`)}
              </td>
              <td data-col="changes">{t('roomVote.rounds.changes', { count: r.changes.length })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {doc.rounds.map((r) => {
        const moved = mostChangedCells(r, MOST_CHANGED);
        return (
          <details key={r.roundId} data-round={r.no} open={r === doc.rounds.at(-1)}>
            <summary>{t('roomVote.rounds.mostChanged', { no: r.no })}</summary>
            {moved.length === 0 ? (
              <p className="hint">{t('roomVote.rounds.noChanges')}</p>
            ) : (
              <ol className="vote-moved">
                {moved.map((m) => (
                  <li key={`${m.candidateId}|${m.criterionId}`}>
                    <strong>{name(m.candidateId, m.criterionId)}</strong>{' '}
                    <span className="hint">{t('roomVote.rounds.spread', { before: spread(m.spreadBefore), after: spread(m.spreadAfter) })}</span>
                    <ul>
                      {m.changes.map((c) => (
                        <li key={c.participantId} data-change={c.participantId}>
                          <PersonName name={person(c.participantId)} />
                          {`: ${score(c.from)} → ${score(c.to)}`}
                          {c.rationale && <q>{c.rationale}</q>}
                          {c.leaves.length > 0 && (
                            <ul className="vote-moved-leaves">
                              {c.leaves.map((l) => (
                                <li key={l.leafId} data-leaf={l.leafId}>
                                  {`${leafNameOf(doc, m.criterionId, l.leafId, lang)}: ${score(l.from)} → ${score(l.to)}`}
                                  {l.rationale && <q>{l.rationale}</q>}
                                </li>
                              ))}
                            </ul>
                          )}
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ol>
            )}
          </details>
        );
      })}
    </section>
  );
}
