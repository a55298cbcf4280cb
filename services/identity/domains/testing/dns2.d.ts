// The part of dns2 2.1.0 (which ships no types) the test DNS server uses.
declare module 'dns2' {
  import type { EventEmitter } from 'node:events';

  interface Question {
    name: string;
    type: number;
    class: number;
  }
  interface Resource {
    name: string;
    type: number;
    class: number;
    ttl: number;
    data?: string | string[];
  }
  class Packet {
    header: { id: number; rcode: number };
    questions: Question[];
    answers: Resource[];
    static TYPE: Record<'A' | 'TXT' | 'AAAA' | 'ANY', number>;
    static CLASS: Record<'IN', number>;
    static createResponseFromRequest(request: Packet): Packet;
  }
  interface DnsServer extends EventEmitter {
    listen(options: { udp?: { port: number; address: string; type?: 'udp4' | 'udp6' } }): Promise<{ udp?: { address: string; port: number } }>;
    addresses(): { udp?: { address: string; port: number } };
    close(): Promise<void>;
  }
  interface ServerOptions {
    udp?: boolean | { type: 'udp4' | 'udp6' };
    handle: (request: Packet, send: (response: Packet) => void) => void;
  }
  const dns2: { Packet: typeof Packet; createServer(options: ServerOptions): DnsServer };
  export default dns2;
}
