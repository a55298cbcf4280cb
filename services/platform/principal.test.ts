import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { actorOf } from './audit/identity-trail.js';
import { asOrgId } from '../../test/support/org-ids.js';
import { actorColumnsOf, credentialOf, eventActorOf, recordedActorOf, type Principal } from './principal.js';

const orgId = asOrgId(randomUUID());
const permissions = new Set<string>();
const user: Principal = { kind: 'user', userId: randomUUID(), sessionId: randomUUID(), orgId, permissions };
const apiKey: Principal = { kind: 'api_key', apiKeyId: randomUUID(), orgId, permissions };
const workload: Principal = { kind: 'workload', workloadId: randomUUID(), orgId, permissions };

describe('the credential of a principal', () => {
  it('is the person, the API key or the workload, by its id', () => {
    expect(credentialOf(user)).toEqual({ kind: 'user', id: user.userId });
    expect(credentialOf(apiKey)).toEqual({ kind: 'api_key', id: apiKey.apiKeyId });
    expect(credentialOf(workload)).toEqual({ kind: 'workload', id: workload.workloadId });
  });

  it('is the actor of the domain events the principal causes', () => {
    for (const principal of [user, apiKey, workload]) expect(eventActorOf(principal)).toEqual(credentialOf(principal));
  });

  it('is held in the user column for a person, and in its own column for an API key or a workload (spec 2.2)', () => {
    expect(recordedActorOf(user)).toEqual({ userId: user.userId });
    expect(recordedActorOf(apiKey)).toEqual({ apiKeyId: apiKey.apiKeyId });
    expect(recordedActorOf(workload)).toEqual({ workloadId: workload.workloadId });
    expect(actorColumnsOf(recordedActorOf(workload))).toEqual({ userId: null, apiKeyId: null, workloadId: workload.workloadId });
    expect(actorColumnsOf(undefined)).toEqual({ userId: null, apiKeyId: null, workloadId: null });
  });

  it('is the identity trail actor, a workload included', () => {
    expect(actorOf(user)).toEqual({ userId: user.userId });
    expect(actorOf(apiKey)).toEqual({ apiKeyId: apiKey.apiKeyId });
    expect(actorOf(workload)).toEqual({ workloadId: workload.workloadId });
  });
});
