// Single sign-on per organization: OpenID Connect and SAML 2.0 providers
// configured by owners, the open sign-in routes (start, the OIDC callback, the SAML
// assertion consumer and metadata, discovery by address) and just-in-time provisioning.
// Enforcement, which password and social sign-ins ask about, is accounts'
// ssoEnforcementFor.
import type { Config } from '../../platform/config.js';
import { configuredSecretBox } from '../../platform/crypto/secret-box.js';
import type { Database } from '../../platform/db/database.js';
import type { ResolveAll } from '../../platform/egress/destination-policy.js';
import { createEgressFetch } from '../../platform/egress/egress-fetch.js';
import type { OperationHandler, OperationId } from '../../platform/http/handler.js';
import type { CapabilityModule } from '../../platform/module.js';
import { createBrowserBinding } from './browser-binding.js';
import { completeOidcSignIn } from './handlers/completeOidcSignIn.js';
import { consumeSamlAssertion } from './handlers/consumeSamlAssertion.js';
import { createSsoProvider } from './handlers/createSsoProvider.js';
import { deleteSsoProvider } from './handlers/deleteSsoProvider.js';
import { discoverSsoProviders } from './handlers/discoverSsoProviders.js';
import { getSamlServiceProviderMetadata } from './handlers/getSamlServiceProviderMetadata.js';
import { getSsoProvider } from './handlers/getSsoProvider.js';
import { listSsoProviders } from './handlers/listSsoProviders.js';
import { startSsoSignIn } from './handlers/startSsoSignIn.js';
import { updateSsoProvider } from './handlers/updateSsoProvider.js';
import { createProviderService } from './provider-service.js';
import { createSignIn } from './sign-in.js';

export type SsoConfig = Pick<Config, 'publicUrl' | 'signInReturnUrl' | 'ssoReturnUrls' | 'ssoAllowPrivateIssuers' | 'ssoTrustedCaPem' | 'tokenSigningKey' | 'webhookSecretKey'>;

interface SsoDependencies {
  db: Database;
  config: SsoConfig;
  /** The per-source-address limit of the authentication routes (identity/authentication), which the sign-in routes share. */
  authRoute: <Id extends OperationId>(handler: OperationHandler<Id>) => OperationHandler<Id>;
  /** Resolves issuer names; the system resolver unless given (tests never ask real DNS). */
  resolveIssuer?: ResolveAll;
  /** The clock of refusal windows. */
  clock?: () => Date;
}

const USER_AGENT = 'Sentinel-SSO/1';

export function createSsoModule(deps: SsoDependencies): CapabilityModule {
  const { db, config, authRoute } = deps;
  const secretBox = configuredSecretBox(config.webhookSecretKey);
  const policy = { allowPrivate: config.ssoAllowPrivateIssuers };
  // One client for every issuer: its agents keep connections alive across sign-ins.
  const egress = createEgressFetch({ ...policy, trustedCaPem: config.ssoTrustedCaPem, lookup: deps.resolveIssuer, userAgent: USER_AGENT });
  const providers = createProviderService({ db, secretBox, publicBaseUrl: config.publicUrl, policy });
  const now = deps.clock ?? (() => new Date());
  const binding = createBrowserBinding({ signingKey: config.tokenSigningKey, secure: config.publicUrl.startsWith('https:'), now });
  const signIn = createSignIn({
    db,
    publicBaseUrl: config.publicUrl,
    // SIGN_IN_RETURN_URL first: the default, shared with social login.
    returnUrls: [config.signInReturnUrl, ...config.ssoReturnUrls],
    signingKey: config.tokenSigningKey,
    secretBox,
    egress,
    allowPrivate: config.ssoAllowPrivateIssuers,
    binding,
    now,
  });
  return {
    name: 'identity/sso',
    handlers: {
      listSsoProviders: listSsoProviders({ providers }),
      createSsoProvider: createSsoProvider({ providers }),
      getSsoProvider: getSsoProvider({ providers }),
      updateSsoProvider: updateSsoProvider({ providers }),
      deleteSsoProvider: deleteSsoProvider({ providers }),
      discoverSsoProviders: authRoute(discoverSsoProviders({ db, publicBaseUrl: config.publicUrl })),
      startSsoSignIn: authRoute(startSsoSignIn({ signIn })),
      completeOidcSignIn: authRoute(completeOidcSignIn({ signIn, binding })),
      consumeSamlAssertion: authRoute(consumeSamlAssertion({ signIn, binding })),
      getSamlServiceProviderMetadata: getSamlServiceProviderMetadata({ db, publicBaseUrl: config.publicUrl }),
    },
  };
}
