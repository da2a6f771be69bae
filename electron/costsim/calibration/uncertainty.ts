import type { SimScenarioParsed } from '../../../shared/cost/schema';
import { jacobian, normal, predictAll, type Fit } from './fit';
import { invert } from './numeric';
import { KINDS, predictPilot, withParameters, zeros, type Figures, type Kind, type Phi } from './pilot';

/**
 * Residuals at the fit: per measurement log(measured / predicted); Σ r² = Σ_gk [Σ ln² m −
 * 2 ln p Σ ln m + n ln² p]. The predicted pilot figure of a kind is the mean prediction over its
 * measurements (a kind never measured is predicted for the pilot scenario's own GPUs).
 */
export function residuals(f: Fit, phi: Phi, pilot: SimScenarioParsed) {
  const predictedByGroup = predictAll(f, phi);
  const byKind: Record<Kind, number | null> = { stepSeconds: null, rolloutSeconds: null, trainSeconds: null, tokensPerSecond: null };
  const predicted = zeros();
  let rss = 0;
  for (const k of KINDS) {
    let ssKind = 0;
    let weighted = 0;
    f.parts.forEach((g, gi) => {
      if (g.n[k] === 0) return;
      const lp = Math.log(predictedByGroup[gi][k]);
      ssKind += Math.max(0, g.sumSq[k] - 2 * lp * g.sumLog[k] + g.n[k] * lp * lp);
      weighted += g.n[k] * predictedByGroup[gi][k];
    });
    predicted[k] = f.n[k] > 0 ? weighted / f.n[k] : predictPilot(withParameters(pilot, phi))[k];
    if (f.n[k] === 0) continue;
    byKind[k] = Math.sqrt(ssKind / f.n[k]);
    rss += ssKind;
  }
  return { predictedByGroup, byKind, predicted, rss };
}

/** A · B · A for square matrices over the free parameters (A symmetric). */
function sandwichOf(inv: number[][], meat: number[][], idx: number[]): number[][] {
  return inv.map((ra) => idx.map((_, b) => ra.reduce((acc, v, c) => acc + v * meat[c].reduce((m, w, d) => m + w * inv[d][b], 0), 0)));
}

/**
 * Covariance of the free parameters. The measurements of one row come from one step and err
 * together (a slow step is slow in its step, rollout and tokens per second), so the rows, not
 * the measurements, are the independent draws: the sandwich (cluster-robust) covariance,
 * inv · Σ_rows s_r s_rᵀ · inv with s_r = Σ_k G_k r_rk (r_rk: the row's log residual of kind k),
 * scaled by R / (R − q), never narrower than the ordinary s² · inv (a handful of rows can
 * understate their spread). The correction of each group and kind is a simulated mean, known to
 * its sampling error: an error shared by the group's measurements of that kind and correlated
 * between kinds (C_g, the relative covariance of the means), adding
 * inv · Σ_g Σ_kl n_gk n_gl C_g[k][l] G_gk G_glᵀ · inv.
 */
export function parameterCovariance(f: Fit, phi: Phi, predictedByGroup: Figures[], s2: number): number[][] {
  const { idx, parts, used, q } = f;
  const gradFit = jacobian(f, phi);
  const fisher = normal(f, gradFit);
  const inv = invert(fisher) ?? fisher.map((row, a) => row.map((_, b) => (a === b ? 1 / Math.max(fisher[a][a], 1e-12) : 0)));
  const meat = idx.map(() => idx.map(() => 0));
  for (const { group, logs } of f.rowLogs) {
    const gi = parts.indexOf(group);
    const score = idx.map((_, a) =>
      KINDS.reduce((acc, k) => (logs[k] === undefined ? acc : acc + gradFit[gi][k][a] * (logs[k] - Math.log(predictedByGroup[gi][k]))), 0),
    );
    idx.forEach((_, a) => idx.forEach((__, b) => (meat[a][b] += score[a] * score[b])));
  }
  const R = f.rowLogs.length;
  const small = R > q ? R / (R - q) : 1;
  const sandwich = sandwichOf(inv, meat, idx).map((row) => row.map((v) => small * v));
  const rowCov = sandwich.map((row, a) => row.map((v, b) => (a === b ? Math.max(v, inv[a][b] * s2) : v)));
  const shared = idx.map((_, a) =>
    idx.map((__, b) =>
      parts.reduce(
        (acc, g, gi) =>
          acc +
          used.reduce(
            (s3, k) => s3 + used.reduce((s4, l) => s4 + g.n[k] * g.n[l] * f.correctionCovariance[gi][k][l] * gradFit[gi][k][a] * gradFit[gi][l][b], 0),
            0,
          ),
        0,
      ),
    ),
  );
  const sharedCov = sandwichOf(inv, shared, idx);
  return rowCov.map((row, a) => row.map((v, b) => v + sharedCov[a][b]));
}
