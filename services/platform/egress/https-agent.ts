// The HTTPS agent every outgoing call to a customer's or provider's host uses
// (webhook deliveries, connector providers). TLS is always verified: a private
// certificate authority can be trusted in addition to Node's roots, and there is
// deliberately no way to turn verification off.
import https from 'node:https';
import tls from 'node:tls';

interface EgressAgentOptions {
  /** PEM certificates trusted in addition to Node's built-in roots (WEBHOOK_CA_FILE, CONNECTOR_CA_FILE). */
  trustedCaPem?: string;
  /** Idle kept-alive sockets close after this long. */
  idleSocketTimeoutMs: number;
}

export function createEgressAgent(options: EgressAgentOptions): https.Agent {
  return new https.Agent({
    keepAlive: true,
    scheduling: 'lifo',
    timeout: options.idleSocketTimeoutMs,
    // One context built up front. A `ca` option instead would be parsed again for
    // every connection and serialized into the agent's pool key on every request
    // (a fivefold slowdown measured with the ~150 built-in roots).
    ...(options.trustedCaPem === undefined ? {} : { secureContext: tls.createSecureContext({ ca: [...tls.rootCertificates, options.trustedCaPem] }) }),
  });
}
