// Health: liveness, readiness and the API document. Open operations, no data.
import type { CapabilityModule } from '../platform/module.js';
import type { ReadinessCheck } from '../platform/readiness.js';
import { getHealth } from './handlers/getHealth.js';
import { getOpenApiDocument } from './handlers/getOpenApiDocument.js';
import { getReady } from './handlers/getReady.js';

export function createHealthModule(deps: { readiness: ReadinessCheck; publicUrl: string }): CapabilityModule {
  return {
    name: 'health',
    handlers: {
      getHealth: getHealth(),
      getReady: getReady({ readiness: deps.readiness }),
      getOpenApiDocument: getOpenApiDocument({ publicUrl: deps.publicUrl }),
    },
  };
}
