import { useMemo } from 'react';
import { hierarchyAhpNodes, leafName, type HierarchyNode, type NodeJudged, type WorkshopDoc } from '../../../shared/model';
import { useDerived } from '../../api/derived';
import { currentLang } from '../../i18n';

/**
 * The engine's AHP answer (`engine.ahp`) behind a pairwise dimension's local weights, asked as
 * `hierarchyAhpNodes` says (the participants who judged the node, else the team's matrix once it
 * links every focus point); undefined until then, or for a points dimension. The `judged` that
 * `nodeLocalShares` and the leaf-score derivation take.
 */
export function useNodeJudged(doc: Pick<WorkshopDoc, 'participants' | 'weighting'>, node: HierarchyNode | undefined): NodeJudged | undefined {
  const lang = currentLang();
  const request = useMemo(() => {
    const ask = node ? hierarchyAhpNodes({ ...doc, hierarchy: [node] })[0] : undefined;
    if (!node || !ask || node.leaves.length > 15) return null;
    const labels = node.leaves.map((l) => leafName(l, lang).slice(0, 200));
    if (ask.group) return { matrices: ask.group.matrices, participantWeights: ask.group.participantWeights, aggregation: ask.group.aggregation, labels };
    return ask.linking ? null : { matrix: ask.matrix, labels };
  }, [doc, node, lang]);
  const answer = useDerived('engine.ahp', request);
  return request && answer.value && answer.current ? answer.value : undefined;
}
