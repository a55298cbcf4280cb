// The second factor, TOTP (RFC 6238; spec 5.10, 6.2): a signed-in person enrols an
// authenticator, confirms it with a code and gets recovery codes, and disables it
// with a code. Sign-in (accounts) asks an enrolled person for a code through the
// verifier this entry exports; the owner's single sign-on break-glass will too.
import type { CapabilityModule } from '../../platform/module.js';
import { confirmTotpEnrolment } from './handlers/confirmTotpEnrolment.js';
import { disableSecondFactor } from './handlers/disableSecondFactor.js';
import { getSecondFactor } from './handlers/getSecondFactor.js';
import { startTotpEnrolment } from './handlers/startTotpEnrolment.js';
import type { SecondFactors } from './second-factors.js';

export {
  createSecondFactors,
  hasConfirmedSecondFactor,
  proofOf,
  secondFactorRefused,
  secondFactorRequired,
  type SecondFactorAttempt,
  type SecondFactorDependencies,
  type SecondFactorMethod,
  type SecondFactorProof,
  type SecondFactors,
  type SecondFactorVerifier,
} from './second-factors.js';

/** The module's operations over the service the identity entry (services/identity/index.ts) builds once and also hands to sign-in. */
export function createSecondFactorModule(deps: { secondFactors: SecondFactors }): CapabilityModule {
  const { secondFactors } = deps;
  return {
    name: 'identity/second-factor',
    handlers: {
      getSecondFactor: getSecondFactor({ secondFactors }),
      startTotpEnrolment: startTotpEnrolment({ secondFactors }),
      confirmTotpEnrolment: confirmTotpEnrolment({ secondFactors }),
      disableSecondFactor: disableSecondFactor({ secondFactors }),
    },
  };
}
