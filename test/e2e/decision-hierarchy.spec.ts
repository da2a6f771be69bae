import { createSampleWorkshop, displayName } from '../../shared/model';
import { ASSUMPTION_LABELS } from '../../shared/model/assumptions-text';
import { expect, test } from './fixtures';
import { RoomPage } from './pages/RoomPage';

/**
 * A decision resting on a dimension scored at its focus points whose local weights come from
 * pairwise judgments: what the decision record freezes and what step 6 says of its standing are
 * the room's own ranking (the derived values need the engine's answer for the node; without it
 * the dimension silently counted as not scored). One page, in English.
 */
test.describe.configure({ timeout: 120_000 });

test('the decision on pairwise-weighted focus points keeps the room’s lead', async ({ app }) => {
  const sample = createSampleWorkshop('en', '2026-03-01T09:00:00.000Z', 'w-d');
  const dim = sample.criteria.find((c) => c.id === 'mismatch-control')!;
  const [a, b, c] = dim.focusPoints.map((f) => f.en);
  const name = (id: string) => {
    const i = sample.candidates.findIndex((x) => x.id === id);
    return displayName(sample.candidates[i], 'en', 'candidate', i);
  };
  const L = ASSUMPTION_LABELS.en;

  const room = await RoomPage.openSample(app);
  await room.weightsPart('Sliders & points');
  await room.setWeight('Mismatch control', 70);
  await room.weightsPart('Focus points (hierarchy)');
  const table = app.getByTestId('hierarchy-table');
  await table.getByRole('button', { name: 'Expand Mismatch control' }).click();
  await app.getByTestId('hierarchy-method-mismatch-control').selectOption('pairwise');
  // a over b ×3, a over c ×5: the team's matrix links the three focus points.
  await app.getByRole('slider', { name: `${a} versus ${b}` }).fill('-2');
  await app.getByRole('slider', { name: `${a} versus ${c}` }).fill('-4');
  await app.getByRole('combobox', { name: 'Score Mismatch control at' }).selectOption('leaves');

  // Lin scores the focus points: the first (the heaviest) favours Managed, the others Self-built.
  await room.view('Scoring');
  const leaf = (focus: string, candidate: string) =>
    app.getByRole('textbox', { name: `${focus} (focus point of Mismatch control) · ${name(candidate)}`, exact: true });
  for (const [focus, managed, selfBuilt] of [
    [a, 10, 2],
    [b, 3, 9],
    [c, 2, 10],
  ] as const) {
    await leaf(focus, 'managed').fill(String(managed));
    await leaf(focus, 'managed').press('Enter');
    await leaf(focus, 'self-built').fill(String(selfBuilt));
    await leaf(focus, 'self-built').press('Enter');
  }
  await room.expectLeader(name('managed'));
  const lead = room.live.getByText(/ahead of .* by \d+\.\d/);
  const margin = Number(/by (\d+\.\d)/.exec((await lead.textContent()) ?? '')![1]);
  expect(margin).toBeGreaterThan(0);

  // Record the decision: nothing has changed since, by the room's own analysis.
  await app.getByRole('combobox', { name: 'Chosen candidate', exact: true }).selectOption({ label: name('managed') });
  await expect(app.getByRole('region', { name: L.changes })).toContainText(L.noChanges);

  // Step 6: the decision still ranks first, by the room's lead.
  await app
    .getByRole('navigation')
    .first()
    .getByRole('link', { name: /Canary rollout/ })
    .first()
    .click();
  const board = app.getByRole('region', { name: L.title });
  await expect(board).toContainText(`${name('managed')} still ranks first, by ${margin.toFixed(1)} points.`);
});
