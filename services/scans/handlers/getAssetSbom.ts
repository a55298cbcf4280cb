import type { Database } from '../../platform/db/database.js';
import { requirePrincipal, type OperationHandler } from '../../platform/http/handler.js';
import { exportAssetSbom } from '../sbom/sbom-export.js';

const SBOM_MEDIA_TYPES = {
  cyclonedx: 'application/vnd.cyclonedx+json; version=1.6; charset=utf-8',
  spdx: 'application/spdx+json; charset=utf-8',
} as const;

type ExportFormat = keyof typeof SBOM_MEDIA_TYPES;

/**
 * The format asked for: the `format` parameter, else the Accept header naming one of the
 * two media types (the first it names), else CycloneDX. A parameter wins because a link
 * or a browser cannot set Accept.
 */
export function exportFormatOf(format: unknown, accept: string | undefined): ExportFormat {
  if (format === 'cyclonedx' || format === 'spdx') return format;
  const named = (accept ?? '')
    .split(',')
    .map((range) => range.split(';', 1)[0]!.trim().toLowerCase())
    .find((type) => type === 'application/spdx+json' || type === 'application/vnd.cyclonedx+json');
  return named === 'application/spdx+json' ? 'spdx' : 'cyclonedx';
}

/** GET /api/v1/assets/{id}/sbom: the asset's latest inventory as CycloneDX 1.6 or SPDX 2.3 JSON. */
export function getAssetSbom(deps: { db: Database }): OperationHandler<'getAssetSbom'> {
  return async (ctx) => {
    const format = exportFormatOf(ctx.query.format, ctx.headers.accept);
    const body = await exportAssetSbom(deps.db, requirePrincipal(ctx).orgId, ctx.params.id, format);
    return { status: 200, body, headers: { 'content-type': SBOM_MEDIA_TYPES[format] } };
  };
}
