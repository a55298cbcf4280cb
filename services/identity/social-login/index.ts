// Social login (spec 5.1, 6.2): providers the deployment registered
// with (GitHub over OAuth 2.0, Google over OpenID Connect) sign a person in to their
// own account and personal organization, through a one-time code the sign-in's last
// redirect carries to POST /auth/exchange. Refused under SSO enforcement.
import type { Config } from '../../platform/config.js';
import type { Database } from '../../platform/db/database.js';
import type { OperationHandler, OperationId } from '../../platform/http/handler.js';
import type { CapabilityModule } from '../../platform/module.js';
import { createFlowCookies } from './flow-cookie.js';
import { githubProvider } from './github.js';
import { googleProvider } from './google.js';
import { completeSocialLogin } from './handlers/completeSocialLogin.js';
import { listSocialProviders } from './handlers/listSocialProviders.js';
import { startSocialLogin } from './handlers/startSocialLogin.js';
import type { SocialProvider } from './providers.js';

interface SocialLoginDependencies {
  db: Database;
  config: Pick<Config, 'socialLogin' | 'publicUrl' | 'signInReturnUrl' | 'tokenSigningKey'>;
  /** The authentication routes' per-source-address limit (identity/authentication). */
  authRoute: <Id extends OperationId>(handler: OperationHandler<Id>) => OperationHandler<Id>;
  clock?: () => Date;
}

export function createSocialLoginModule(deps: SocialLoginDependencies): CapabilityModule {
  const { config } = deps;
  const now = deps.clock ?? (() => new Date());
  const providers = new Map<string, SocialProvider>();
  if (config.socialLogin.github) providers.set('github', githubProvider(config.socialLogin.github));
  if (config.socialLogin.google) providers.set('google', googleProvider(config.socialLogin.google));
  const cookies = createFlowCookies({ signingKey: config.tokenSigningKey, secure: config.publicUrl.startsWith('https:'), now });
  const redirectUriOf = (provider: string): string => `${config.publicUrl}/api/v1/auth/social/${provider}/callback`;
  const startUrlOf = (provider: string): string => `${config.publicUrl}/api/v1/auth/social/${provider}/start`;
  return {
    name: 'identity/social-login',
    handlers: {
      // Deployment settings, answered the same to everyone and costing nothing: not counted against the sign-in routes' limit.
      listSocialProviders: listSocialProviders({ providers, startUrlOf }),
      startSocialLogin: deps.authRoute(startSocialLogin({ providers, cookies, redirectUriOf })),
      completeSocialLogin: deps.authRoute(completeSocialLogin({ db: deps.db, providers, cookies, redirectUriOf, returnUrl: config.signInReturnUrl, now })),
    },
  };
}
