// The newest entries of an organization's identity trail, for tests: the first page
// the audit listing itself reads, under a codec of its own (no cursor is ever shown).
import { randomBytes } from 'node:crypto';
import type { OrgId, Queryable } from '../../db/database.js';
import { createCursorCodec } from '../../pagination/cursor.js';
import { pageIdentityEvents } from '../identity-trail.js';

const codec = createCursorCodec({ signingKey: randomBytes(32) });

type Filter = Parameters<typeof pageIdentityEvents>[3] & { limit: number };

/** Newest first (in order of writing), at most filter.limit. since is inclusive, until exclusive. */
export async function listIdentityEvents(q: Queryable, orgId: OrgId, { limit, ...filter }: Filter) {
  return (await pageIdentityEvents(q, codec, orgId, filter, { limit, order: 'newest', cursor: undefined })).events;
}
