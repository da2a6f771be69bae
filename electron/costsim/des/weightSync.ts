import { freezeAll } from './engine';
import { SYNC_FREEZE, WEIGHT_SYNC, type DesState } from './state';

/**
 * Weight sync: after training, the new weights are loaded into every engine (`syncSeconds`,
 * see `weightUpdateSeconds`), which pauses their decoding.
 */
export function startWeightSync(st: DesState): void {
  st.trainerPhase = WEIGHT_SYNC;
  freezeAll(st, st.syncSec);
  st.acc[SYNC_FREEZE] += st.syncSec * st.E;
  st.q.set(st.TRAINER, st.clk[0] + st.syncSec);
}
