// The test harness's neighbour organization (test/support/test-app.ts): there by
// default, and its check fails when the neighbour changes or sees another tenant.
import { describe, expect, it } from 'vitest';
import { addMembership } from '../services/organizations/memberships.js';
import { useTestApp } from './support/test-app.js';

describe('the neighbour organization of the test harness', () => {
  const t = useTestApp({ profile: 'postgres' });

  it('is there by default, with an analyst and an API key of its own, and passes its check untouched', async () => {
    const { neighbour } = t.current;
    const view = await t.current.snapshot(neighbour);
    expect(view.members.map((m) => (m as { role: string }).role)).toEqual(['owner', 'analyst']);
    expect(view.apiKeys).toHaveLength(1);
    await t.current.tenant();
    await t.current.expectNeighbourUntouched();
  });

  it('fails when the neighbour sees an identifier it must not', async () => {
    // Its own owner stands for another tenant's person: the check looks for the identifier in all the neighbour sees.
    await expect(t.current.expectNeighbourUntouched(t.current.neighbour.owner.id)).rejects.toThrow(/the neighbour sees nothing of the others/);
  });

  it('fails once something has changed in the neighbour', async () => {
    const stranger = await t.current.signup();
    await t.current.db.transaction((tx) => addMembership(tx, t.current.neighbour.id, { userId: stranger.id, role: 'viewer', arrival: 'manual', actor: { kind: 'user', id: stranger.id } }));
    await expect(t.current.expectNeighbourUntouched()).rejects.toThrow(/the neighbour organization is unchanged/);
  });
});
