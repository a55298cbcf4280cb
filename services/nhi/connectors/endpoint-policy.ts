// Which endpoints a connector may reach (spec 5.14), on top of the platform's one
// egress policy (services/platform/egress/destination-policy.ts), which webhooks
// use too: the address classes, every notation of an address, and the vetted
// lookup that resolves a name and checks every address it has.
//
// Connectors add: ports 443, 6443 and 8443 only; `localhost` and names ending
// .internal, .local or .localdomain refused whatever any switch says; and a host
// must be permitted, either built in for the kind's managed offerings (kinds.ts)
// or allowed by the operator (CONNECTOR_ALLOWED_HOSTS).
import { checkDestinationUrl, parseHostLiteral, resolveAndCheck, type Refusal, type ResolveAll, type ResolveCheck } from '../../platform/egress/destination-policy.js';
import { hostMatches, kindDefinitions, type ConnectorKind } from './kinds.js';

const CONNECTOR_PORTS: readonly number[] = [443, 6443, 8443];

const LOCAL_NAME_SUFFIXES = ['internal', 'local', 'localdomain'];

export interface ConnectorEgressPolicy {
  /** CONNECTOR_ALLOWED_HOSTS: names, `*.`-label patterns or addresses the operator permits for every kind. */
  allowedHosts: readonly string[];
  /**
   * CONNECTOR_ALLOW_PRIVATE_ENDPOINTS (tests only, refused in production): opens the
   * classes WEBHOOK_ALLOW_PRIVATE_DESTINATIONS opens (private, loopback, unique-local)
   * and, for an address literal of those classes, any port: test peers listen on
   * ephemeral ports. Link-local, carrier-grade NAT and metadata addresses stay shut.
   */
  allowPrivate: boolean;
  /** Resolves endpoint names; the system resolver when absent (tests inject one). */
  resolve?: ResolveAll;
}

type EndpointCheck = { ok: true; url: URL } | Refusal;

const refuse = (reason: string): Refusal => ({ ok: false, reason });

/**
 * The endpoint's URL alone: scheme, port, host class, local names and the
 * permitted hosts. A name that passes is still resolved (resolveEndpoint) at
 * create, at update and at every connection.
 */
export function checkConnectorEndpoint(raw: string, kind: ConnectorKind, policy: ConnectorEgressPolicy): EndpointCheck {
  // Local names first, so the refusal names the rule rather than the address class they imply.
  const localName = refusedLocalName(raw);
  if (localName !== undefined) return localName;
  const checked = checkDestinationUrl(raw, { allowPrivate: policy.allowPrivate });
  if (!checked.ok) return { ...checked, reason: checked.reason.replace(/^destination/, 'endpoint') };
  const url = checked.url;
  if (url.hash !== '') return refuse('endpoint URL must not have a fragment');
  const host = parseHostLiteral(url.hostname);
  const port = url.port === '' ? 443 : Number(url.port);
  // checkDestinationUrl passed an address literal only if it is public or opened by the test switch.
  const testPeer = policy.allowPrivate && (host.kind === 'ipv4' || host.kind === 'ipv6');
  if (!CONNECTOR_PORTS.includes(port) && !testPeer) return refuse(`endpoint port must be one of ${CONNECTOR_PORTS.join(', ')}`);
  const hostName = host.kind === 'name' ? host.name : host.kind === 'malformed' ? '' : host.address;
  const permitted = [...kindDefinitions[kind].builtInHosts, ...policy.allowedHosts];
  if (!permitted.some((pattern) => hostMatches(pattern, hostName))) {
    return refuse(`endpoint host ${hostName} is not permitted for ${kind} connectors: the operator must allow it (CONNECTOR_ALLOWED_HOSTS)`);
  }
  return { ok: true, url };
}

function refusedLocalName(raw: string): Refusal | undefined {
  let host;
  try {
    host = parseHostLiteral(new URL(raw).hostname);
  } catch {
    return undefined;
  }
  if (host.kind !== 'name') return undefined;
  const name = host.name;
  if (name === 'localhost' || name.endsWith('.localhost')) return refuse('endpoint host localhost is not allowed');
  const suffix = LOCAL_NAME_SUFFIXES.find((local) => name === local || name.endsWith(`.${local}`));
  return suffix === undefined ? undefined : refuse(`endpoint host names ending .${suffix} are not allowed`);
}

/**
 * Resolves the endpoint's host and refuses if ANY address is not allowed. Resolver
 * failures are thrown (they are not policy); callers decide what they mean.
 */
export function resolveEndpoint(url: URL, policy: ConnectorEgressPolicy): Promise<ResolveCheck> {
  return resolveAndCheck(url.hostname, { allowPrivate: policy.allowPrivate, lookup: policy.resolve });
}
