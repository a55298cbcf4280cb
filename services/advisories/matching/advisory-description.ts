// How a matched OSV record becomes an observation's words.
//
// Identifier rule (docs/decisions/advisories.md): like Trivy, every CVE among the record's id,
// aliases and upstream is reported, one identifier per CVE (a DSA naming three CVEs
// gives three); the other names are kept as aliases. A record with no CVE keeps its own
// id (GHSA, PYSEC, GO, RUSTSEC…). So the same flaw reported by GHSA, by the Debian
// tracker and by Trivy has one identifier, and findings de-duplicate across sources.
//
// Severity: the CVSS vector of the affected entry (package-level, more specific) or
// else of the record, scored with ae-cvss-calculator; v3.x wins over v4.0 and v2 when
// several are given (v3.1 is what NVD, GHSA and Trivy rate with, so a finding keeps the
// severity the Trivy adapter reports for it); v4.0 next, v2 last. Without a usable
// vector, the source's own word: GHSA's database_specific.severity, Ubuntu's priority
// (severity[].type "Ubuntu"), Debian's urgency (ecosystem_specific.urgency). Else
// 'unknown'.
import cvss from 'ae-cvss-calculator';
import type { OsvAffected, OsvRecord, OsvSeverity } from './osv-record.js';

export type Severity = 'critical' | 'high' | 'medium' | 'low' | 'none' | 'unknown';

export interface AdvisoryDescription {
  /** The CVEs the record names, else the record's own id. */
  identifiers: string[];
  /** Every other name of the flaw (the record id when a CVE is reported, other aliases). */
  aliases: string[];
  title: string | null;
  severity: Severity;
  /** The vector the severity was computed from, when it was. */
  cvssVector: string | null;
  cvssScore: number | null;
  publishedAt: string | null;
  modifiedAt: string | null;
  primaryUrl: string | null;
}

const CVE = /^CVE-\d{4}-\d{4,}$/;
const MAX_TITLE = 200;

function identifiersOf(record: OsvRecord): { identifiers: string[]; aliases: string[] } {
  const names = [...new Set([record.id, ...(record.aliases ?? []), ...(record.upstream ?? [])])];
  const cves = names.filter((name) => CVE.test(name));
  if (cves.length === 0) return { identifiers: [record.id], aliases: names.filter((name) => name !== record.id) };
  return { identifiers: cves, aliases: names.filter((name) => !CVE.test(name)) };
}

interface Scored {
  vector: string;
  score: number;
  severity: Severity;
  /** Lower wins: v3.x, then v4.0, then v2. */
  rank: number;
}

function bucket(score: number, version2: boolean): Severity {
  if (version2) return score >= 7 ? 'high' : score >= 4 ? 'medium' : 'low';
  if (score === 0) return 'none';
  return score >= 9 ? 'critical' : score >= 7 ? 'high' : score >= 4 ? 'medium' : 'low';
}

function score(entry: OsvSeverity): Scored | null {
  const vector = entry.score.trim();
  try {
    let parsed: { isBaseFullyDefined(): boolean; calculateScores(): { base: number | undefined } };
    let rank: number;
    if (vector.startsWith('CVSS:3.1/')) [parsed, rank] = [new cvss.Cvss3P1(vector), 0];
    else if (vector.startsWith('CVSS:3.0/')) [parsed, rank] = [new cvss.Cvss3P0(vector), 0];
    else if (vector.startsWith('CVSS:4.0/')) [parsed, rank] = [new cvss.Cvss4P0(vector), 1];
    else if (entry.type === 'CVSS_V2' && /^[A-Za-z]+:/.test(vector)) [parsed, rank] = [new cvss.Cvss2(vector), 2];
    else return null;
    if (!parsed.isBaseFullyDefined()) return null;
    const base = parsed.calculateScores().base;
    if (base === undefined || !Number.isFinite(base)) return null;
    return { vector, score: base, severity: bucket(base, rank === 2), rank };
  } catch {
    // An unreadable vector is no severity; the source's own word may still give one.
    return null;
  }
}

function bestVector(severities: readonly OsvSeverity[] | undefined): Scored | null {
  let best: Scored | null = null;
  for (const entry of severities ?? []) {
    const scored = score(entry);
    if (scored !== null && (best === null || scored.rank < best.rank)) best = scored;
  }
  return best;
}

const WORDS: Readonly<Record<string, Severity>> = {
  critical: 'critical',
  high: 'high',
  important: 'high',
  moderate: 'medium',
  medium: 'medium',
  low: 'low',
  negligible: 'low',
  unimportant: 'low',
};

function word(value: unknown): Severity | null {
  return typeof value === 'string' ? (WORDS[value.trim().toLowerCase()] ?? null) : null;
}

/** The source's own severity word: Ubuntu priority, Debian urgency, GHSA severity. */
function sourceSeverity(record: OsvRecord, affected: OsvAffected | null): Severity | null {
  for (const severities of [affected?.severity, record.severity]) {
    const ubuntu = severities?.find((entry) => entry.type === 'Ubuntu');
    if (ubuntu !== undefined && word(ubuntu.score) !== null) return word(ubuntu.score);
  }
  return (
    word(affected?.ecosystem_specific?.['urgency']) ??
    word(affected?.database_specific?.['severity']) ??
    word(record.database_specific?.['severity'])
  );
}

function titleOf(record: OsvRecord): string | null {
  const text = record.summary?.trim() || record.details?.trim().split('\n')[0]?.trim() || '';
  if (text === '') return null;
  return text.length <= MAX_TITLE ? text : `${text.slice(0, MAX_TITLE - 1)}…`;
}

function primaryUrlOf(record: OsvRecord): string | null {
  const references = (record.references ?? []).filter((reference) => /^https?:\/\//.test(reference.url));
  return (
    references.find((reference) => reference.type === 'ADVISORY')?.url ??
    references.find((reference) => reference.type === 'WEB')?.url ??
    references[0]?.url ??
    null
  );
}

/** The words of an observation for `record`, as matched through `affectedEntry` (null when unknown). */
export function describeAdvisory(record: OsvRecord, affectedEntry: OsvAffected | null): AdvisoryDescription {
  const vector = bestVector(affectedEntry?.severity) ?? bestVector(record.severity);
  return {
    ...identifiersOf(record),
    title: titleOf(record),
    severity: vector?.severity ?? sourceSeverity(record, affectedEntry) ?? 'unknown',
    cvssVector: vector?.vector ?? null,
    cvssScore: vector?.score ?? null,
    publishedAt: record.published ?? null,
    modifiedAt: record.modified,
    primaryUrl: primaryUrlOf(record),
  };
}
