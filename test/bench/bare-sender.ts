// The webhook benchmark's reference: deliveries sent with nothing but what every
// delivery must do. A process of its own (forked by webhooks.bench.ts) that reads the
// deliveries the service made in its run (their ids, endpoints and bodies) and, on
// { send: true }, sends each once to the same receiver over HTTPS (TLS verified against
// the receiver's CA, kept-alive connections), signed like the service signs, with as
// many in flight as the delivery worker keeps: no queue, claim, lease, outcome or retry.
// The receiver's rate for these is the floor the service's deliveries are judged by.
//
// Environment: DATABASE_URL, ORG_ID, RECEIVER_PORT, CA_PEM, SECRETS (JSON: path to secret), CONCURRENCY.
// Messages in: { send: true }. Messages out: { port: 0 } once loaded, { sent } after each sending.
import https from 'node:https';
import pg from 'pg';
import { prepareSigningKey, signDelivery } from '../../services/webhooks/signature.js';

const port = Number(process.env.RECEIVER_PORT);
const concurrency = Number(process.env.CONCURRENCY);
const keys = new Map(Object.entries(JSON.parse(process.env.SECRETS!) as Record<string, string>).map(([path, secret]) => [path, prepareSigningKey(secret)]));
const agent = new https.Agent({ keepAlive: true, maxSockets: concurrency, ca: process.env.CA_PEM });

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const { rows } = await client.query<{ id: string; url: string; payload: string }>(
  `SELECT d.id, e.url, d.payload FROM webhook_deliveries d JOIN webhook_endpoints e ON e.org_id = d.org_id AND e.id = d.endpoint_id
    WHERE d.org_id = $1 ORDER BY d.created_at DESC, d.id LIMIT (SELECT count(*) / 2 FROM webhook_deliveries WHERE org_id = $1)`,
  [process.env.ORG_ID],
);
await client.end();
const deliveries = rows.map((row) => ({ id: row.id, path: new URL(row.url).pathname, body: Buffer.from(row.payload) }));

function send(delivery: (typeof deliveries)[number]): Promise<void> {
  const headers = signDelivery({ secrets: [keys.get(delivery.path)!], deliveryId: delivery.id, timestamp: Math.floor(Date.now() / 1000), body: delivery.body });
  return new Promise((resolve, reject) => {
    const request = https.request(
      { host: '127.0.0.1', port, path: delivery.path, method: 'POST', agent, headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(delivery.body.length) } },
      (response) => {
        response.resume();
        response.on('end', () => (response.statusCode === 204 ? resolve() : reject(new Error(`receiver answered ${response.statusCode}`))));
      },
    );
    request.on('error', reject);
    request.end(delivery.body);
  });
}

process.on('message', () => {
  let next = 0;
  const lane = async () => {
    while (next < deliveries.length) await send(deliveries[next++]!);
  };
  void Promise.all(Array.from({ length: concurrency }, lane)).then(() => process.send!({ sent: deliveries.length }));
});
process.on('disconnect', () => agent.destroy());
process.send!({ port: 0 });
