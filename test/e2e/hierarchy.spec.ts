import { createSampleWorkshop, displayName } from '../../shared/model';
import { test, expect } from './fixtures';
import { LibraryPage } from './pages/LibraryPage';
import { RoomPage } from './pages/RoomPage';

/**
 * The criteria hierarchy, as a facilitator uses it in step 5: expand a dimension into its focus
 * points, enter local weights, read local and global weights (global = dimension weight × local
 * share), undo one entry, take rank-order (ROC) local weights; then the same table in Chinese. One page.
 */
test.describe.configure({ timeout: 120_000 });

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

test('expanding a dimension into its focus points gives local and global weights', async ({ app }, info) => {
  const sample = createSampleWorkshop('en', '2026-03-01T09:00:00.000Z', 'w-h');
  const total = sample.criteria.reduce((s, c) => s + c.weight, 0);
  const dim = sample.criteria.find((c) => c.id === 'mismatch-control')!;
  const share = dim.weight / total;
  const [a, b, c] = dim.focusPoints.map((f) => f.en);

  const room = await RoomPage.openSample(app);
  await room.weightsPart('Focus points (hierarchy)');
  const table = app.getByTestId('hierarchy-table');
  await expect(app.getByTestId('hierarchy-global-mismatch-control')).toHaveText(pct(share));
  await table.getByRole('button', { name: 'Expand Mismatch control' }).click();
  await expect(table.getByRole('rowheader', { name: a })).toBeVisible();
  // Equal local weights to start with.
  await expect(app.getByTestId('hierarchy-local-mismatch-control-fp-1')).toHaveText(pct(1 / 3));

  const points = [6, 3, 1];
  for (const [j, name] of [a, b, c].entries()) {
    const input = table.getByRole('spinbutton', { name: `Local points of ${name} (under Mismatch control)` });
    await input.fill(String(points[j]));
    await input.press('Enter');
  }
  const sum = points.reduce((x, y) => x + y, 0);
  for (const j of [0, 1, 2]) {
    await expect(app.getByTestId(`hierarchy-local-mismatch-control-fp-${j + 1}`)).toHaveText(pct(points[j] / sum));
    await expect(app.getByTestId(`hierarchy-global-mismatch-control-fp-${j + 1}`)).toHaveText(pct((share * points[j]) / sum));
  }
  // The dimension's own weight is unchanged: its focus points split it.
  await expect(app.getByTestId('hierarchy-global-mismatch-control')).toHaveText(pct(share));
  await app.screenshot({ path: info.outputPath('hierarchy-en.png'), fullPage: true });

  // One entry is one undo step.
  await app.getByTestId('hierarchy-table').click({ position: { x: 2, y: 2 } });
  await app.keyboard.press('Control+z');
  const back = [6, 3, 10];
  const backSum = back.reduce((x, y) => x + y, 0);
  await expect(app.getByTestId('hierarchy-local-mismatch-control-fp-3')).toHaveText(pct(back[2] / backSum));

  // Rank order: the first focus point one place down, then ROC weights for the order as listed.
  await table.getByRole('button', { name: `Move ${a} down` }).click();
  await table.getByRole('button', { name: /^Local weights of Mismatch control by rank order/ }).click();
  // ROC (Barron & Barrett): w_r = (1/n) Σ_{k ≥ r} 1/k over ranks 1…n.
  const roc = [1, 2, 3].map((r) => [1, 2, 3].filter((k) => k >= r).reduce((acc, k) => acc + 1 / k, 0) / 3);
  const listed = ['fp-2', 'fp-1', 'fp-3'];
  for (const [r, id] of listed.entries()) {
    await expect(app.getByTestId(`hierarchy-local-mismatch-control-${id}`)).toHaveText(pct(roc[r]));
    await expect(app.getByTestId(`hierarchy-global-mismatch-control-${id}`)).toHaveText(pct(share * roc[r]));
  }
  // Pairwise, on the focus points as now listed (b, a, c): b over a ×3, a over c ×2 link all three; Harker
  // completes b over c ×6, so the local weights are (6, 2, 1) / 9 in that order.
  await app.getByTestId('hierarchy-method-mismatch-control').selectOption('pairwise');
  await app.getByRole('slider', { name: `${b} versus ${a}` }).fill('-2');
  await expect(app.getByTestId('hierarchy-cr-mismatch-control')).toHaveText('Equal local weights until the answered pairs link every focus point.');
  await app.getByRole('slider', { name: `${a} versus ${c}` }).fill('-1');
  const judged = [6, 2, 1];
  for (const [r, id] of listed.entries()) {
    await expect(app.getByTestId(`hierarchy-local-mismatch-control-${id}`)).toHaveText(pct(judged[r] / 9));
    await expect(app.getByTestId(`hierarchy-global-mismatch-control-${id}`)).toHaveText(pct((share * judged[r]) / 9));
  }
  await expect(app.getByTestId('hierarchy-cr-mismatch-control')).toHaveText(/^Consistency ratio 0\.000 \(consistent enough/);
  await expect(app.getByTestId('hierarchy-next-mismatch-control')).toContainText(`Next pair to ask: ${b} vs ${c}`);
  await app.screenshot({ path: info.outputPath('hierarchy-pairwise-en.png'), fullPage: true });

  // An inconsistent third judgment (c over b ×9): the engine's hints appear; applying the first, by keyboard, lowers the CR.
  const cr = app.getByTestId('hierarchy-cr-mismatch-control');
  await app.getByRole('slider', { name: `${b} versus ${c}` }).fill('8');
  const hints = app.getByTestId('hierarchy-hints-mismatch-control');
  await expect(hints).toBeVisible();
  await expect(cr).toContainText('Consistency ratio');
  const crOf = async () => Number(/\d+\.\d{3}/.exec((await cr.textContent()) ?? '')?.[0] ?? NaN);
  const before = await crOf();
  expect(before).toBeGreaterThan(0.1);
  await hints.getByRole('button').first().focus();
  await app.keyboard.press('Enter');
  await expect.poll(crOf).toBeLessThan(before);

  // Two participants judge the same pairs each on their own: the group (AIJ, weighted by influence) decides.
  // P1: b over a ×3, a over c ×2; P2: a over b ×3, a over c ×5. The weighted geometric mean links the three
  // by a spanning tree, so Harker's completion is consistent: c = 1, a = a/c, b = (b/a)·a.
  await expect(app.getByTestId('hierarchy-group-mismatch-control')).toContainText('team');
  const who = app.getByTestId('hierarchy-who-mismatch-control');
  const q = sample.participants.slice(0, 2).map((p) => p.influence / (sample.participants[0].influence + sample.participants[1].influence));
  await who.selectOption({ index: 1 });
  await app.getByRole('slider', { name: `${b} versus ${a}` }).fill('-2');
  await app.getByRole('slider', { name: `${a} versus ${c}` }).fill('-1');
  await who.selectOption({ index: 2 });
  await expect(app.getByRole('slider', { name: `${b} versus ${a}` })).toHaveAttribute('aria-valuetext', 'not answered');
  await app.getByRole('slider', { name: `${b} versus ${a}` }).fill('2');
  await app.getByRole('slider', { name: `${a} versus ${c}` }).fill('-4');
  const ac = 2 ** q[0] * 5 ** q[1];
  const ba = 3 ** q[0] * (1 / 3) ** q[1];
  const g = [ba * ac, ac, 1];
  const gSum = g.reduce((x, y) => x + y, 0);
  for (const [r, id] of listed.entries()) await expect(app.getByTestId(`hierarchy-local-mismatch-control-${id}`)).toHaveText(pct(g[r] / gSum));
  await expect(app.getByTestId('hierarchy-consensus-mismatch-control')).toHaveText(/^Consensus S\* [01]\.\d\d \((very low|low|moderate|high|very high)\)$/);
  await app.screenshot({ path: info.outputPath('hierarchy-group-en.png'), fullPage: true });
  // Blind: the weights the participants' judgments make do not reach the page, nor does any participant's matrix.
  await app.getByRole('button', { name: 'Blind scoring' }).click();
  await expect(app.getByTestId('hierarchy-ahp-mismatch-control').locator('..').getByRole('status').first()).toContainText('Blind round');
  for (const id of listed) {
    await expect(app.getByTestId(`hierarchy-local-mismatch-control-${id}`)).toHaveText('—');
    await expect(app.getByTestId(`hierarchy-global-mismatch-control-${id}`)).toHaveText('—');
  }
  await expect(who.locator('option')).toHaveCount(1);
  await expect(app.getByTestId('hierarchy-consensus-mismatch-control')).toHaveCount(0);
  const shown = (await app.getByTestId('hierarchy-table').textContent()) ?? '';
  for (const r of [0, 1, 2]) expect(shown).not.toContain(pct(g[r] / gSum));
  await app.getByRole('button', { name: 'Reveal scores' }).click();
  await expect(app.getByTestId(`hierarchy-local-mismatch-control-${listed[0]}`)).toHaveText(pct(g[0] / gSum));
  await expect(who.locator('option')).toHaveCount(1 + sample.participants.length);
  // The room's consistency index (chosen on the AHP panel) holds for every node too.
  await room.weightsPart('AHP pairwise');
  await app.getByRole('combobox', { name: 'Consistency ratio by' }).selectOption('alonso-lamata');
  await room.weightsPart('Focus points (hierarchy)');
  await expect(cr).toContainText('Consistency ratio (Alonso–Lamata)');

  // The same table in Chinese: the focus points' own names, the headings from the catalogue.
  await new LibraryPage(app).switchLanguage('zh-CN');
  await expect(table.getByRole('rowheader', { name: dim.focusPoints[0]['zh-CN'] })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: '全局权重' })).toBeVisible();
  await expect(table.getByRole('button', { name: '收起失配控制' })).toBeVisible();
  await expect(app.getByTestId('hierarchy-cr-mismatch-control')).toContainText('一致性比率');
  await expect(app.getByTestId('hierarchy-consensus-mismatch-control')).toContainText('共识度 S*');
  await app.screenshot({ path: info.outputPath('hierarchy-zh.png'), fullPage: true });
});

/**
 * Scoring a dimension at its focus points: the dimension's row shows the value derived from the
 * focus point scores (local-weighted mean of those scored), and the ranking follows it.
 */
test('a dimension scored at its focus points takes its value from them', async ({ app }) => {
  const sample = createSampleWorkshop('en', '2026-03-01T09:00:00.000Z', 'w-h');
  const dim = sample.criteria.find((c) => c.id === 'mismatch-control')!;
  const [a, b] = dim.focusPoints.map((f) => f.en);
  const col = (id: string) => sample.candidates.findIndex((c) => c.id === id);
  const name = (id: string) => displayName(sample.candidates[col(id)], 'en', 'candidate', col(id));

  const room = await RoomPage.openSample(app);
  // The dimension carries most of the weight, so whoever it favours leads.
  await room.weightsPart('Sliders & points');
  await room.setWeight('Mismatch control', 70);
  await room.weightsPart('Focus points (hierarchy)');
  const table = app.getByTestId('hierarchy-table');
  await table.getByRole('button', { name: 'Expand Mismatch control' }).click();
  const scoreAt = app.getByRole('combobox', { name: 'Score Mismatch control at' });
  await scoreAt.focus();
  await scoreAt.selectOption('leaves');
  await expect(table.getByText('Scored at its focus points: the dimension’s own scores are kept but not used.')).toBeVisible();

  // Lin scores two of the three focus points of two candidates (equal local weights: the mean of the two).
  await room.view('Scoring');
  const leaf = (focus: string, candidate: string) =>
    app.getByRole('textbox', { name: `${focus} (focus point of Mismatch control) · ${name(candidate)}`, exact: true });
  await leaf(a, 'managed').fill('10');
  await leaf(a, 'managed').press('Enter');
  await expect(leaf(b, 'managed')).toBeFocused();
  await app.keyboard.type('8');
  await app.keyboard.press('Enter');
  await expect(app.getByTestId(`derived-mismatch-control-${col('managed')}`).locator('input')).toHaveValue(String((10 + 8) / 2));
  // Only Managed is scored on the dimension that weighs 70 %: it leads.
  await room.expectLeader(name('managed'));
  await leaf(a, 'self-built').fill('10');
  await leaf(b, 'self-built').focus();
  await app.keyboard.type('10');
  await app.keyboard.press('Enter');
  await expect(app.getByTestId(`derived-mismatch-control-${col('self-built')}`).locator('input')).toHaveValue('10');
  await room.expectLeader(name('self-built'));
  // The derived cell takes no rationale (it would sit on a score that does not count); a focus point
  // score does: R from its cell writes it, Esc goes back, the cell is marked and shows it on hover.
  await app
    .getByTestId(`derived-mismatch-control-${col('self-built')}`)
    .locator('input')
    .focus();
  await expect(app.locator('#cell-rationale')).toHaveCount(0);
  await leaf(a, 'self-built').focus();
  const why = app.getByRole('textbox', { name: `Rationale — Mismatch control › ${a} · ${name('self-built')}`, exact: true });
  await expect(why).toHaveValue('');
  await app.keyboard.press('r');
  await expect(why).toBeFocused();
  await app.keyboard.type('Two pilots showed drift under 2 %');
  await app.keyboard.press('Escape');
  await expect(leaf(a, 'self-built')).toBeFocused();
  await expect(leaf(a, 'self-built')).toHaveAttribute('title', 'Two pilots showed drift under 2 %');
  await expect(leaf(a, 'self-built').locator('xpath=..')).toHaveClass(/has-why/);
  // Another focus point of the same cell has its own (empty) rationale; back on the first, it is there.
  await leaf(b, 'self-built').focus();
  await expect(app.getByRole('textbox', { name: `Rationale — Mismatch control › ${b} · ${name('self-built')}`, exact: true })).toHaveValue('');
  await leaf(a, 'self-built').focus();
  await expect(why).toHaveValue('Two pilots showed drift under 2 %');
  // Clearing the score keeps the rationale.
  await app.keyboard.press('Delete');
  await app.keyboard.press('Enter');
  await leaf(a, 'self-built').focus();
  await expect(leaf(a, 'self-built')).toHaveValue('');
  await expect(why).toHaveValue('Two pilots showed drift under 2 %');
  await app.keyboard.type('10');
  await app.keyboard.press('Enter');
  await app.getByRole('textbox', { name: `Throughput efficiency · ${name('self-built')}`, exact: true }).focus();
  await expect(app.getByRole('textbox', { name: `Rationale — Throughput efficiency · ${name('self-built')}`, exact: true })).toBeVisible();
  // Blind: the focus point's score and rationale are hidden and read-only until the reveal.
  await app.getByRole('button', { name: 'Blind scoring' }).click();
  const hiddenLeaf = app.getByRole('textbox', {
    name: `${a} (focus point of Mismatch control) · ${name('self-built')} (scored, hidden, read-only until revealed)`,
    exact: true,
  });
  await expect(hiddenLeaf).toHaveAttribute('readonly', '');
  await hiddenLeaf.focus();
  await expect(app.locator('#cell-rationale')).toHaveAttribute('readonly', '');
  await expect(app.locator('#cell-rationale')).toHaveAttribute('placeholder', 'A rationale is recorded (hidden and read-only until the reveal).');
  await expect(app.locator('#cell-rationale')).toHaveValue('');
  expect(await app.locator('.scoring').innerHTML()).not.toContain('Two pilots showed drift');
  await expect(hiddenLeaf).not.toHaveAttribute('title', /.+/);
  await app.getByRole('button', { name: 'Reveal scores' }).click();
  await expect(leaf(a, 'self-built')).toHaveValue('10');

  // Back to the dimension: its own scores count again, the focus point scores are kept.
  await room.weightsPart('Focus points (hierarchy)');
  await scoreAt.selectOption('dimension');
  await expect(table.getByText('Scored at the dimension: any focus point scores are kept but not used.')).toBeVisible();
  await scoreAt.selectOption('leaves');
  await room.expectLeader(name('self-built'));

  // Once in Chinese.
  await new LibraryPage(app).switchLanguage('zh-CN');
  await expect(app.getByRole('combobox', { name: '失配控制的评分位置' })).toHaveValue('leaves');
  await expect(table.getByText('按关注要点评分：维度本身的评分保留但不使用。')).toBeVisible();
  await app.getByRole('tab', { name: '评分' }).click();
  await app
    .getByRole('textbox', { name: new RegExp(`^${dim.focusPoints[0]['zh-CN']}（失配控制的关注要点） · `) })
    .nth(col('self-built'))
    .focus();
  await expect(app.locator('#cell-rationale')).toHaveValue('Two pilots showed drift under 2 %');
  await expect(app.locator('label[for="cell-rationale"]')).toContainText('失配控制 › ');
});
