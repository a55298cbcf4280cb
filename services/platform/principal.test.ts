import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { actorOf } from './audit/identity-trail.js';
import { asOrgId } from '../../test/support/org-ids.js';
import { actorColumnsOf, credentialOf, eventActorOf, eventActorOfRecorded, recordedActorOf, type Principal } from './principal.js';

const orgId = asOrgId(randomUUID());
const permissions = new Set<string>();
const user: Principal = { kind: 'user', userId: randomUUID(), sessionId: randomUUID(), orgId, permissions };
const apiKey: Principal = { kind: 'api_key', apiKeyId: randomUUID(), orgId, permissions };
const workload: Principal = { kind: 'workload', workloadId: randomUUID(), orgId, permissions };
const directoryToken: Principal = { kind: 'directory_token', directoryTokenId: randomUUID(), orgId, permissions };

describe('the credential of a principal', () => {
  it('is the person, the API key, the workload or the directory token, by its id', () => {
    expect(credentialOf(user)).toEqual({ kind: 'user', id: user.userId });
    expect(credentialOf(apiKey)).toEqual({ kind: 'api_key', id: apiKey.apiKeyId });
    expect(credentialOf(workload)).toEqual({ kind: 'workload', id: workload.workloadId });
    expect(credentialOf(directoryToken)).toEqual({ kind: 'directory_token', id: directoryToken.directoryTokenId });
  });

  it('is the actor of the domain events the principal causes, from the principal or from the credential as recorded', () => {
    for (const principal of [user, apiKey, workload, directoryToken]) {
      expect(eventActorOf(principal)).toEqual(credentialOf(principal));
      expect(eventActorOfRecorded(recordedActorOf(principal))).toEqual(credentialOf(principal));
    }
  });

  it('is held in the user column for a person, and in its own column for an API key, a workload or a directory token (spec 2.2)', () => {
    expect(recordedActorOf(user)).toEqual({ userId: user.userId });
    expect(recordedActorOf(apiKey)).toEqual({ apiKeyId: apiKey.apiKeyId });
    expect(recordedActorOf(workload)).toEqual({ workloadId: workload.workloadId });
    expect(recordedActorOf(directoryToken)).toEqual({ directoryTokenId: directoryToken.directoryTokenId });
    expect(actorColumnsOf(recordedActorOf(workload))).toEqual({ userId: null, apiKeyId: null, workloadId: workload.workloadId, directoryTokenId: null });
    expect(actorColumnsOf(recordedActorOf(directoryToken))).toEqual({ userId: null, apiKeyId: null, workloadId: null, directoryTokenId: directoryToken.directoryTokenId });
    expect(actorColumnsOf(undefined)).toEqual({ userId: null, apiKeyId: null, workloadId: null, directoryTokenId: null });
  });

  it('is the identity trail actor, a workload included', () => {
    expect(actorOf(user)).toEqual({ userId: user.userId });
    expect(actorOf(apiKey)).toEqual({ apiKeyId: apiKey.apiKeyId });
    expect(actorOf(workload)).toEqual({ workloadId: workload.workloadId });
  });
});
