import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { RoundSpecSchema, type RoundSpecInput } from '../../shared/contract/session';
import { participantPost } from '../../test/fixtures/participantPost';
import { SessionManager } from './manager';

// Listens only on 127.0.0.3 (loopback), port 0.
const ADDRESS = '127.0.0.3';
const BASE: RoundSpecInput = {
  workshopId: 'ws-revote',
  title: 'Re-vote',
  lang: 'en',
  scale: { min: 0, max: 10 },
  criteria: [
    { id: 'k1', name: { 'zh-CN': '甲', en: 'K1' } },
    { id: 'k2', name: { 'zh-CN': '乙', en: 'K2' } },
  ],
  candidates: [{ id: 'a', name: { 'zh-CN': 'A', en: 'A' } }],
  participants: [
    { id: 'p1', name: 'Lin' },
    { id: 'p2', name: 'Sam' },
  ],
};
const REVOTE: RoundSpecInput = {
  ...BASE,
  cells: [{ candidateId: 'a', criterionId: 'k2' }],
  previous: [{ candidateId: 'a', criterionId: 'k2', median: 5, spread: 3 }],
  start: [
    { participantId: 'p1', cells: [{ candidateId: 'a', criterionId: 'k2', value: 2, rationale: 'Lin’s first take' }] },
    { participantId: 'p2', cells: [{ candidateId: 'a', criterionId: 'k2', value: 8, rationale: 'Sam’s first take' }] },
  ],
};

let dir: string;
let manager: SessionManager;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sw-revote-'));
  manager = new SessionManager({ dataDir: dir, tls: null });
});
afterEach(async () => {
  await manager.shutdown();
  await rm(dir, { recursive: true, force: true });
});

const send = (port: number, method: string, body: unknown, token?: string) => participantPost(ADDRESS, port, method, body, token);

describe('a re-vote round (Delphi)', () => {
  it('sends each device its own previous answers, the group’s previous median and spread, and refuses a cell not asked again', async () => {
    const status = await manager.open(RoundSpecSchema.parse(REVOTE), ADDRESS, 0);
    expect(status.participants[0].cells).toBe(1);
    const token = status.participants[0].link.split('#t=')[1];
    const ballot = await send(status.port, 'ballot', {}, token);
    expect(ballot.body.result).toMatchObject({ cells: REVOTE.cells, previous: REVOTE.previous, start: REVOTE.start![0].cells });
    expect(JSON.stringify(ballot.body.result)).not.toContain('Sam’s first take');
    const outside = await send(status.port, 'submit', { ballot: { cells: [{ candidateId: 'a', criterionId: 'k1', value: 4, rationale: '' }] } }, token);
    expect(outside.status).toBe(400);
    const inside = await send(status.port, 'submit', { ballot: { cells: [{ candidateId: 'a', criterionId: 'k2', value: 4, rationale: 'closer' }] } }, token);
    expect(inside.body.ok).toBe(true);
  });

  it('refuses a spec whose re-vote cells, previous figures or starting answers fall outside the round', () => {
    const bad = (patch: Partial<RoundSpecInput>) => RoundSpecSchema.safeParse({ ...REVOTE, ...patch }).success;
    expect(bad({})).toBe(true);
    expect(bad({ cells: [{ candidateId: 'x', criterionId: 'k1' }] })).toBe(false);
    expect(bad({ previous: [{ candidateId: 'a', criterionId: 'k9', median: 1, spread: 0 }] })).toBe(false);
    expect(bad({ start: [{ participantId: 'nobody', cells: [] }] })).toBe(false);
    expect(bad({ start: [{ participantId: 'p1', cells: [{ candidateId: 'a', criterionId: 'k1', value: 11, rationale: '' }] }] })).toBe(false);
  });
});
