import { useMemo } from 'react';
import { isPairwise, leafName, type HierarchyNode, type NodeJudged } from '../../../shared/model';
import { connectingPair } from '../../../shared/model/edits/ahp-edit';
import { useDerived } from '../../api/derived';
import { currentLang } from '../../i18n';

/**
 * The engine's AHP answer (`engine.ahp`) for a pairwise dimension's focus points once its pairs
 * link every one (undefined otherwise, or for a points dimension): the `judged` that
 * `nodeLocalShares` and the leaf-score derivation take, as the hierarchy panel asks it.
 */
export function useNodeJudged(node: HierarchyNode | undefined): NodeJudged | undefined {
  const lang = currentLang();
  const pairwise = node && isPairwise(node) ? node : null;
  const request = useMemo(() => {
    if (!pairwise || connectingPair(pairwise.matrix) || pairwise.leaves.length > 15) return null;
    return { matrix: pairwise.matrix, labels: pairwise.leaves.map((l) => leafName(l, lang).slice(0, 200)) };
  }, [pairwise, lang]);
  const answer = useDerived('engine.ahp', request);
  return request && answer.value && answer.current ? answer.value : undefined;
}
