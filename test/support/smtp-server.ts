// A real SMTP relay on loopback (smtp-server) that keeps what it was sent, parsed
// with mailparser, for tests of the service's mail. Plain unless given a
// certificate: then STARTTLS (or TLS from the start with `implicitTls`) with it,
// never smtp-server's built-in certificate (expired, and its key is public).
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface ReceivedMail {
  parsed: ParsedMail;
  /** The user the client authenticated as, if it did. */
  user: string | undefined;
  /** Whether the session was encrypted (STARTTLS or TLS from the start). */
  secure: boolean;
}

export interface LoopbackSmtpServerOptions {
  /** A port to listen on (to start a relay again where one stopped); any free one unless given. */
  port?: number;
  /** The server's certificate and key; without one STARTTLS is not offered. */
  tls?: { keyPem: string; certPem: string };
  /** TLS from the first byte (smtps://), with `tls`. */
  implicitTls?: boolean;
  /** user -> password the relay accepts; any client may send without authenticating when absent. */
  users?: Record<string, string>;
  /** Refuses every message with this reply code (a 4xx or 5xx). */
  refuseWith?: number;
}

export interface LoopbackSmtpServer {
  port: number;
  received: ReceivedMail[];
  /** Resolves once at least `count` mails were received; rejects after the timeout. */
  waitForMail(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpServer(options: LoopbackSmtpServerOptions = {}): Promise<LoopbackSmtpServer> {
  const received: ReceivedMail[] = [];
  const users = options.users;
  const serverOptions: SMTPServerOptions = {
    logger: false,
    secure: options.implicitTls === true,
    ...(options.tls ? { key: options.tls.keyPem, cert: options.tls.certPem } : { disabledCommands: ['STARTTLS'] }),
    authOptional: users === undefined,
    allowInsecureAuth: options.tls === undefined,
    onAuth(auth, _session, callback) {
      if (users && users[auth.username ?? ''] === auth.password) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('invalid credentials'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      if (options.refuseWith !== undefined) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('refused by the test relay'), { responseCode: options.refuseWith })));
        return;
      }
      simpleParser(stream).then(
        (parsed) => {
          received.push({ parsed, user: typeof session.user === 'string' ? session.user : undefined, secure: session.secure });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  };
  const server = new SMTPServer(serverOptions);
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    async waitForMail(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`the relay received ${received.length} mails, expected ${count}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
