import { test, expect } from './fixtures';
import { LibraryPage } from './pages/LibraryPage';
import { RoomPage } from './pages/RoomPage';

/**
 * AHP ratings in the room: a participant compares the candidates pairwise on one
 * dimension instead of typing scores; two connecting pairs are enough; the ideal-mode scores
 * go into the grid, marked; typing another score in a marked cell asks before detaching it.
 * One page per language (a new workshop in each).
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const A = 'Self-built distributed training cluster';
const B = 'Managed cloud training platform';
const C = 'Hybrid architecture';

test('compare the candidates pairwise on a dimension, use the scores, detach one (en)', async ({ app }, info) => {
  await new LibraryPage(app).create('Ratings E2E');
  const room = new RoomPage(app);
  await room.openStep();
  await room.addParticipant('Lin', 'Facilitator');
  const open = app.getByRole('button', { name: 'Compare pairwise' });
  await open.click();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  await expect(app.getByRole('combobox', { name: 'Dimension' })).toHaveValue(/.+/);
  const progress = app.getByTestId('ratings-progress');
  await expect(progress).toContainText('0 of 3 pairs answered; scores need at least 2 pairs that link all candidates.');

  // A is 3× as good as B, C 2× as good as B (keyboard on the sliders: left = the first better).
  const ab = app.getByRole('slider', { name: `${A} versus ${B}` });
  await ab.focus();
  await app.keyboard.press('ArrowLeft');
  await app.keyboard.press('ArrowLeft');
  await expect(ab).toHaveAttribute('aria-valuetext', `${A} ×3`);
  await expect(progress).toContainText(`No scores yet: ${C} is not linked`);
  await app.getByRole('slider', { name: `${B} versus ${C}` }).fill('1');
  await expect(progress).toContainText('2 of 3 pairs answered');

  // Two pairs link all three: the ideal mode gives A 10, C 10 × 2/3, B 10 × 1/3.
  const result = app.getByTestId('ratings-result');
  await expect(result.getByRole('row', { name: new RegExp(`^${A}`) })).toContainText('10');
  await expect(result.getByRole('row', { name: new RegExp(`^${C}`) })).toContainText('6.67');
  await expect(result.getByRole('row', { name: new RegExp(`^${B}`) })).toContainText('3.33');
  await app.getByRole('button', { name: 'Use as scores for Mismatch control' }).click();
  await expect(app.getByText('These scores are in the grid, marked ⇄.')).toBeVisible();
  const cellA = room.cell('Mismatch control', A);
  await expect(cellA).toHaveValue('10');
  await expect(cellA).toHaveAccessibleName(`Mismatch control · ${A} (from pairwise comparisons)`);
  await expect(room.cell('Mismatch control', B)).toHaveValue('3.33');
  await expect(room.participant('Lin')).toContainText('3/27');
  await app.screenshot({ path: info.outputPath('ratings-en.png'), fullPage: true });

  // Typing over a marked cell asks; keeping restores, detaching takes the typed score and drops the mark.
  await cellA.fill('8');
  await app.keyboard.press('Tab');
  const dialog = app.getByRole('dialog', { name: 'Detach this score from the pairwise comparisons?' });
  await expect(dialog).toContainText('came from pairwise comparisons');
  await dialog.getByRole('button', { name: 'Keep 10' }).click();
  await expect(cellA).toHaveValue('10');
  await cellA.fill('8');
  await app.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Detach and use 8' }).click();
  await expect(cellA).toHaveValue('8');
  await expect(cellA).toHaveAccessibleName(`Mismatch control · ${A}`);
  await expect(room.cell('Mismatch control', C)).toHaveAccessibleName(`Mismatch control · ${C} (from pairwise comparisons)`);
});

test('the same in Chinese', async ({ app }, info) => {
  const library = new LibraryPage(app);
  await library.switchLanguage('zh-CN');
  await library.create('两两比较 E2E', 'zh-CN');
  await app.getByRole('link', { name: /综合评估/ }).click();
  // No participants yet: the room offers the form at once.
  const form = app.locator('form.add-participant');
  await form.getByRole('textbox').first().fill('林');
  await form.getByRole('button', { name: /添加参与者/ }).click();
  await app.getByRole('button', { name: '两两比较' }).click();
  const progress = app.getByTestId('ratings-progress');
  await expect(progress).toContainText('已回答 0 / 3 对');
  const sliders = app.getByTestId('ratings').getByRole('slider');
  await sliders.nth(0).fill('-2');
  await sliders.nth(2).fill('1');
  await expect(progress).toContainText('已回答 2 / 3 对');
  await app.getByRole('button', { name: '用作失配控制的分数' }).click();
  await expect(app.getByText('这些分数已在评分表中，标有 ⇄。')).toBeVisible();
  await expect(app.locator('td.rated')).toHaveCount(3);
  await expect(app.locator('td.rated input').first()).toHaveAccessibleName(/ \(来自两两比较\)$/);
  await expect(app.getByText('⇄ = 来自两两比较的分数')).toBeVisible();
  await app.screenshot({ path: info.outputPath('ratings-zh.png'), fullPage: true });
});
