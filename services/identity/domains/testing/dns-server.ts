// A real DNS server on loopback (dns2, over UDP) for domain verification tests, and
// the production resolver (createTxtResolver) pointed at it: the lookups travel the
// same code and the same wire protocol as in production, and never leave 127.0.0.1.
import dns2 from 'dns2';
import { createTxtResolver, type TxtResolver } from '../txt-resolver.js';

/** What a name answers: TXT records (each a list of character strings), or a server failure. */
export type ZoneEntry = string[][] | 'servfail';

export interface TestDnsServer {
  /** `127.0.0.1:<port>`, as DOMAIN_VERIFICATION_DNS_SERVERS would name it. */
  address: string;
  /** createTxtResolver asking this server alone. */
  resolver: TxtResolver;
  /** Publishes (or, with undefined, removes) what a name answers; names are compared case-insensitively. */
  set(name: string, entry: ZoneEntry | undefined): void;
  /** How many questions the server was asked. */
  queries(): number;
  close(): Promise<void>;
}

const RCODE_SERVFAIL = 2;
const RCODE_NXDOMAIN = 3;

export async function startTestDnsServer(): Promise<TestDnsServer> {
  const zone = new Map<string, ZoneEntry>();
  let asked = 0;
  const { Packet } = dns2;
  const server = dns2.createServer({
    udp: { type: 'udp4' },
    handle: (request, send) => {
      asked += 1;
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const entry = question && zone.get(question.name.toLowerCase());
      if (!question || entry === undefined) response.header.rcode = RCODE_NXDOMAIN;
      else if (entry === 'servfail') response.header.rcode = RCODE_SERVFAIL;
      else if (question.type === Packet.TYPE.TXT) {
        for (const strings of entry) response.answers.push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 60, data: strings });
      }
      send(response);
    },
  });
  const { udp } = await server.listen({ udp: { port: 0, address: '127.0.0.1', type: 'udp4' } });
  const address = `127.0.0.1:${udp!.port}`;
  return {
    address,
    resolver: createTxtResolver({ servers: [address] }),
    set(name, entry) {
      if (entry === undefined) zone.delete(name.toLowerCase());
      else zone.set(name.toLowerCase(), entry);
    },
    queries: () => asked,
    close: () => server.close(),
  };
}
