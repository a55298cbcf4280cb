// An OSV record (ossf/osv-schema 1.7) and a reader that checks one.
//
// Records come from outside (OSV's archives, an operator's mirror), so the shape is
// never trusted: `readOsvRecord` checks every field the matcher and the description
// read, bounds every array and string, and answers { error } instead of throwing.
// Fields the schema adds later are kept as they come (passthrough), so a newer record
// still reads. An event must name exactly one of introduced, fixed, last_affected and
// limit, as the schema requires; a record breaking that is refused whole rather than
// matched on half a timeline.
import { z } from 'zod';

type OsvRangeType = 'ECOSYSTEM' | 'SEMVER' | 'GIT' | (string & {});

export type OsvEvent = { introduced: string } | { fixed: string } | { last_affected: string } | { limit: string };

export interface OsvSeverity {
  /** CVSS_V2, CVSS_V3, CVSS_V4 (a vector in `score`) or Ubuntu (a priority word). */
  type: string;
  score: string;
}

export interface OsvRange {
  type: OsvRangeType;
  repo?: string;
  events: OsvEvent[];
  database_specific?: Record<string, unknown>;
}

interface OsvPackage {
  ecosystem: string;
  name: string;
  purl?: string;
}

export interface OsvAffected {
  package?: OsvPackage;
  severity?: OsvSeverity[];
  ranges?: OsvRange[];
  versions?: string[];
  ecosystem_specific?: Record<string, unknown>;
  database_specific?: Record<string, unknown>;
}

interface OsvReference {
  type: string;
  url: string;
}

interface OsvCredit {
  name: string;
  contact?: string[];
  type?: string;
}

export interface OsvRecord {
  schema_version?: string;
  id: string;
  modified: string;
  published?: string;
  withdrawn?: string;
  aliases?: string[];
  upstream?: string[];
  related?: string[];
  summary?: string;
  details?: string;
  severity?: OsvSeverity[];
  affected?: OsvAffected[];
  references?: OsvReference[];
  credits?: OsvCredit[];
  database_specific?: Record<string, unknown>;
}

/** Limits well above any published record (the largest list a few thousand versions). */
const MAX_ID = 200;
const MAX_TEXT = 1_000_000;
const MAX_SHORT = 4_096;
const MAX_LIST = 10_000;
const MAX_VERSIONS = 100_000;

const short = z.string().max(MAX_SHORT);
const identifiers = z.array(z.string().min(1).max(MAX_ID)).max(MAX_LIST);
const jsonObject = z.record(z.string(), z.unknown());

const severity = z.looseObject({ type: short, score: short });

const EVENT_KINDS = ['introduced', 'fixed', 'last_affected', 'limit'] as const;

const event = z
  .looseObject({
    introduced: short.optional(),
    fixed: short.optional(),
    last_affected: short.optional(),
    limit: short.optional(),
  })
  .refine(
    (value) => EVENT_KINDS.filter((kind) => value[kind] !== undefined).length === 1,
    'an event names exactly one of introduced, fixed, last_affected and limit',
  );

const range = z.looseObject({
  type: short,
  repo: short.optional(),
  events: z.array(event).max(MAX_LIST),
  database_specific: jsonObject.optional(),
});

const affected = z.looseObject({
  package: z.looseObject({ ecosystem: short, name: short, purl: short.optional() }).optional(),
  severity: z.array(severity).max(MAX_LIST).optional(),
  ranges: z.array(range).max(MAX_LIST).optional(),
  versions: z.array(short).max(MAX_VERSIONS).optional(),
  ecosystem_specific: jsonObject.optional(),
  database_specific: jsonObject.optional(),
});

const record = z.looseObject({
  schema_version: short.optional(),
  id: z.string().min(1).max(MAX_ID),
  modified: short,
  published: short.optional(),
  withdrawn: short.optional(),
  aliases: identifiers.optional(),
  upstream: identifiers.optional(),
  related: identifiers.optional(),
  summary: z.string().max(MAX_TEXT).optional(),
  details: z.string().max(MAX_TEXT).optional(),
  severity: z.array(severity).max(MAX_LIST).optional(),
  affected: z.array(affected).max(MAX_LIST).optional(),
  references: z.array(z.looseObject({ type: short, url: short })).max(MAX_LIST).optional(),
  credits: z.array(z.looseObject({ name: short, contact: z.array(short).max(MAX_LIST).optional(), type: short.optional() })).max(MAX_LIST).optional(),
  database_specific: jsonObject.optional(),
});

/** The record if it has the OSV shape, else the first problem found (path and reason). */
export function readOsvRecord(json: unknown): OsvRecord | { error: string } {
  const parsed = record.safeParse(json);
  if (parsed.success) return parsed.data as OsvRecord;
  const issue = parsed.error.issues[0]!;
  const id = typeof json === 'object' && json !== null && typeof (json as { id?: unknown }).id === 'string'
    ? `${((json as { id: string }).id).slice(0, MAX_ID)}: `
    : '';
  return { error: `${id}${issue.path.join('.') || 'record'}: ${issue.message}` };
}
