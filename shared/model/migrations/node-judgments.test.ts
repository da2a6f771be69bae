import { describe, expect, it } from 'vitest';
import { migrate } from '../migrate';
import { SCHEMA_VERSION } from '../schema';
import { MIGRATIONS } from './index';
import { nodeJudgments } from './node-judgments';
import { migrated, sampleAt } from '../../../test/fixtures/migrationStep';

const NOW = '2026-03-01T09:00:00.000Z';
/** The schema version this step reads. */
const FROM = MIGRATIONS.indexOf(nodeJudgments) + 1;

const leaves = [
  { id: 'fp-1', name: { 'zh-CN': '奖励模型校准', en: 'Reward model calibration' }, weight: 3 },
  { id: 'fp-2', name: { 'zh-CN': '在线反馈闭环', en: 'Online feedback loop' }, weight: 1 },
];

/** The sample as a plain document of `version` with one pairwise node (no `judgments`). */
function older(version: number): Record<string, unknown> {
  const doc: Record<string, unknown> = sampleAt(version, 'en', 'w-old', NOW);
  doc.hierarchy = [
    {
      criterionId: 'mismatch-control',
      leaves,
      method: 'pairwise',
      matrix: [
        [1, 3],
        [1 / 3, 1],
      ],
    },
  ];
  return doc;
}

describe('migration: participants’ judgments per hierarchy node', () => {
  it('is a step of the chain', () => {
    expect(FROM).toBeGreaterThan(0);
    expect(FROM).toBeLessThan(SCHEMA_VERSION);
  });

  it('gives every older node no participant judgments and keeps the team’s matrix', () => {
    const old = older(FROM);
    const r = migrated(old);
    expect(r.from).toBe(FROM);
    expect(r.doc.schemaVersion).toBe(SCHEMA_VERSION);
    expect(r.doc.hierarchy).toHaveLength(1);
    expect(r.doc.hierarchy[0].judgments).toEqual([]);
    expect(r.doc.hierarchy[0].matrix).toEqual((old.hierarchy as Array<{ matrix: unknown }>)[0].matrix);
    expect(r.doc.criteria).toEqual(old.criteria);
  });

  it('is pure: the input is not changed, and a document without a hierarchy passes through', () => {
    const old = older(FROM);
    const copy = structuredClone(old);
    nodeJudgments.up(old);
    expect(old).toEqual(copy);
    const flat = { ...old, hierarchy: undefined };
    expect(nodeJudgments.up(flat)).toBe(flat);
  });

  it('accepts a participant’s reciprocal matrix and refuses bad ones with the path and reason', () => {
    const doc = older(SCHEMA_VERSION);
    const pid = (doc.participants as Array<{ id: string }>)[0].id;
    const node = (doc.hierarchy as Array<Record<string, unknown>>)[0];
    const withJudgment = (participantId: string, matrix: unknown) => ({ ...doc, hierarchy: [{ ...node, judgments: [{ participantId, matrix }] }] });
    const good = migrate(
      withJudgment(pid, [
        [1, 0.5],
        [2, 1],
      ]),
    );
    if (!good.ok) throw new Error(JSON.stringify(good.issues));
    expect(good.doc.hierarchy[0].judgments).toEqual([
      {
        participantId: pid,
        matrix: [
          [1, 0.5],
          [2, 1],
        ],
      },
    ]);
    const refused = (d: unknown) => {
      const r = migrate(d);
      if (r.ok) throw new Error('accepted');
      return JSON.stringify(r.issues);
    };
    expect(
      refused(
        withJudgment(pid, [
          [1, 2],
          [2, 1],
        ]),
      ),
    ).toContain('"path":"hierarchy[0].judgments[0].matrix[0][1]","message":"a judgment and its mirror must be reciprocal');
    expect(
      refused(
        withJudgment(pid, [
          [1, null],
          [2, 1],
        ]),
      ),
    ).toMatch(/judgments\[0\]\.matrix\[0\]\[1\]","message":"an unanswered pair is null on both sides/);
    expect(refused(withJudgment(pid, [[1]]))).toMatch(/judgments\[0\]\.matrix","message":"must be 2×2/);
    expect(
      refused(
        withJudgment('nobody', [
          [1, 2],
          [0.5, 1],
        ]),
      ),
    ).toContain(`"path":"hierarchy[0].judgments[0].participantId","message":"unknown participant ${JSON.stringify('"nobody"').slice(1, -1)}`);
    const m = [
      [1, 2],
      [0.5, 1],
    ];
    expect(
      refused({
        ...doc,
        hierarchy: [
          {
            ...node,
            judgments: [
              { participantId: pid, matrix: m },
              { participantId: pid, matrix: m },
            ],
          },
        ],
      }),
    ).toMatch(/judges this node twice/);
  });
});
