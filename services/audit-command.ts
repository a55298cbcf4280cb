// `sentinel audit verify <file>`: checks an evidence package exported from
// GET /nhi/api/v1/audit/evidence offline, with no database and no configuration:
// every record's link and digest, in order, then the manifest's summary of them
// (docs/audit-evidence.md). Exit 0 when intact, 1 when it breaks (saying where) or when
// the manifest says the service's walk of the chain did not verify at export (a break
// before or within the window), 2 when the file is not a package this version can read.
import { readFile } from 'node:fs/promises';
import { verifyEvidencePackage, type EvidencePackage } from './nhi/audit/index.js';
import type { CommandOutput } from './set-aside-command.js';

const RECORD_FIELDS = ['id', 'sequence', 'actor', 'action', 'subject', 'result', 'occurred_at', 'source_address', 'correlation_id', 'detail', 'previous_digest', 'digest'];
const MANIFEST_FIELDS = ['format_version', 'organization', 'chain_anchor', 'record_count', 'first_record_id', 'last_record_id', 'records_digest', 'verified_at_export'];

/** What is wrong with the file's shape, if anything: each field the verifier reads must be there. */
function shapeProblem(value: unknown): string | undefined {
  const isObject = (candidate: unknown): candidate is Record<string, unknown> => typeof candidate === 'object' && candidate !== null && !Array.isArray(candidate);
  if (!isObject(value) || !isObject(value.manifest) || !Array.isArray(value.records)) return 'not an evidence package: it needs a manifest and a list of records';
  if (value.manifest.format_version !== 'sentinel-nhi-audit-evidence/1') return `unknown format version ${JSON.stringify(value.manifest.format_version)}`;
  const missing = MANIFEST_FIELDS.filter((field) => !(field in (value.manifest as object)));
  if (missing.length > 0) return `the manifest lacks ${missing.join(', ')}`;
  const index = value.records.findIndex((record) => !isObject(record) || !RECORD_FIELDS.every((field) => field in record) || !isObject(record.actor) || !isObject(record.detail));
  return index >= 0 ? `record ${index} lacks one of ${RECORD_FIELDS.join(', ')}` : undefined;
}

export async function runAuditCommand(file: string, output: CommandOutput): Promise<number> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    output.stderr(`cannot read ${file}: ${(error as Error).message}\n`);
    return 2;
  }
  const problem = shapeProblem(parsed);
  if (problem) {
    output.stderr(`${file}: ${problem}\n`);
    return 2;
  }
  const evidence = parsed as EvidencePackage;
  const verdict = verifyEvidencePackage(evidence);
  const broken = verdict.firstBreak;
  if (broken === null && evidence.manifest.verified_at_export !== true) {
    // The package's own records hold together, but the chain they hang from was already broken when the service exported them.
    output.stdout(
      `not verified at export: the ${verdict.checked} records of organization ${evidence.manifest.organization} in the package are intact, ` +
        'but the manifest says the chain, from its first record through the last one exported, did not verify when it was exported (verified_at_export is not true); ' +
        'ask the service for the integrity report (GET /nhi/api/v1/audit/integrity) to see where it breaks\n',
    );
    return 1;
  }
  if (broken === null) {
    output.stdout(`intact: ${verdict.checked} records of organization ${evidence.manifest.organization} verified, every link and digest\n`);
    return 0;
  }
  if ('recordId' in broken) {
    output.stdout(`broken at record ${broken.index} (id ${broken.recordId}): ${broken.reason}\n`);
  } else {
    output.stdout(`broken: manifest ${broken.manifestField}: ${broken.reason}\n`);
  }
  return 1;
}
