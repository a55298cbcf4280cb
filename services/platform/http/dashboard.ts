// The dashboard (web/, built into web/dist by `npm ci`) served by the API process at /,
// the same origin as /api/v1, so its requests need no CORS and its session no
// cross-site cookie. Files under /static/ carry their content's hash in their names and
// are cached for a year; index.html is answered for the dashboard's own paths only, so
// every other path (all of /api/...) keeps the API's JSON 404.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Logger } from '../logger.js';

/** The dashboard's routes (web/src/router.tsx); a reload or a link from a mail lands on index.html there. */
export const DASHBOARD_PATHS = [
  '/',
  '/sign-in',
  '/sign-up',
  '/sign-in/complete',
  '/verify-email',
  '/accept-invitation',
  '/findings',
  '/findings/:findingId',
  '/assets',
  '/assets/:assetId',
  '/scans',
  '/scans/import',
  '/scans/:scanId',
  '/policies',
  '/policies/:policyId',
  '/analytics',
  '/webhooks',
  '/nhi/connectors',
  '/nhi/connectors/:connectorId',
  '/nhi/identities',
  '/nhi/identities/:identityId',
  '/nhi/identities/:identityId/graph',
  '/nhi/findings',
  '/nhi/stale-identities',
  '/nhi/requests',
  '/nhi/delegations',
  '/nhi/campaigns',
  '/nhi/campaigns/:campaignId',
  '/nhi/runtime',
  '/nhi/audit',
  '/settings',
  '/settings/members',
  '/settings/organization',
  '/settings/api-keys',
  '/settings/workloads',
  '/settings/registry-credentials',
  '/settings/scanners',
  '/settings/security',
  '/settings/domains',
  '/settings/sso',
  '/settings/scim',
  '/settings/groups',
  '/settings/identity-audit',
] as const;

const defaultDashboardDirectory = path.resolve(import.meta.dirname, '../../../web/dist');

/**
 * No inline script or style and nothing from another origin: a string from the API that
 * somehow reached the page as markup still could not run. No framing (clickjacking).
 */
export const DASHBOARD_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  // Always asked again, so a new build's index.html (naming new hashed files) is seen at once.
  'cache-control': 'no-cache',
  'content-security-policy': DASHBOARD_CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  // The pages links land on carry one-time secrets in their query (a verification token, a sign-in code).
  'referrer-policy': 'no-referrer',
};

/**
 * Adds the dashboard's routes to the API's Fastify instance. Without a build (installed
 * with --ignore-scripts) the API runs on and says how to build it; the paths stay 404.
 */
export async function serveDashboard(fastify: FastifyInstance, options: { logger: Logger; directory?: string }): Promise<void> {
  const directory = options.directory ?? defaultDashboardDirectory;
  let page: string;
  try {
    page = readFileSync(path.join(directory, 'index.html'), 'utf8');
  } catch {
    options.logger.warn({ directory }, 'the dashboard is not built, so / answers 404: run `npm run build:web`');
    return;
  }
  await fastify.register(fastifyStatic, {
    root: path.join(directory, 'static'),
    prefix: '/static/',
    index: false,
    // The build writes a .br and a .gz beside each script and stylesheet (web/vite.config.ts).
    preCompressed: true,
    // Hashed names: a file's content never changes under its name.
    immutable: true,
    maxAge: 365 * 24 * 60 * 60 * 1000,
    setHeaders: (reply) => reply.header('x-content-type-options', 'nosniff'),
  });
  for (const url of DASHBOARD_PATHS) {
    fastify.get(url, (_request, reply) => reply.headers(PAGE_HEADERS).send(page));
  }
}
