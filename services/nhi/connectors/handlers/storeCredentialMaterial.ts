import type { OperationHandler } from '../../../platform/http/handler.js';
import { callerOfContext } from '../caller.js';
import type { CredentialMaterial } from '../credential-material.js';

/** POST /nhi/api/v1/credentials/material: values sealed at rest against an identity of the inventory; never returned. */
export function storeCredentialMaterial(deps: { material: CredentialMaterial }): OperationHandler<'storeCredentialMaterial'> {
  return async (ctx) => ({ status: 201, body: await deps.material.store(callerOfContext(ctx), ctx.body) });
}
