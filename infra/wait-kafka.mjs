#!/usr/bin/env node
// Readiness probe for the local Kafka broker, speaking the real Kafka protocol
// through kafkajs: admin.connect() + describeCluster().
//
//   node infra/wait-kafka.mjs [brokers] [timeoutSeconds]
//     brokers          comma-separated host:port list (default 127.0.0.1:9092)
//     timeoutSeconds   give up after this many seconds (default 90; 0 = one try)
//
// Exit 0 once the cluster answers with at least one broker and a controller,
// exit 1 on timeout (the last error is printed to stderr).
import { Kafka, logLevel } from 'kafkajs';

const brokers = (process.argv[2] || '127.0.0.1:9092').split(',').map((s) => s.trim()).filter(Boolean);
const timeoutSeconds = Number(process.argv[3] ?? process.env.WAIT_KAFKA_TIMEOUT ?? 90);
const deadline = Date.now() + Math.max(0, timeoutSeconds) * 1000;

async function probe() {
  const kafka = new Kafka({
    clientId: 'sentinel-infra-wait',
    brokers,
    connectionTimeout: 1000,
    requestTimeout: 3000,
    retry: { retries: 0 },
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin();
  try {
    await admin.connect();
    const cluster = await admin.describeCluster();
    if (!cluster.brokers?.length) throw new Error('describeCluster returned no brokers');
    if (cluster.controller === null || cluster.controller === undefined || cluster.controller < 0) {
      throw new Error('no active controller yet');
    }
    return cluster;
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

let lastError;
let attempts = 0;
for (;;) {
  attempts += 1;
  try {
    const cluster = await probe();
    const list = cluster.brokers.map((b) => `${b.nodeId}@${b.host}:${b.port}`).join(',');
    console.log(`kafka ready: clusterId=${cluster.clusterId} controller=${cluster.controller} brokers=${list} (attempt ${attempts})`);
    process.exit(0);
  } catch (err) {
    lastError = err;
  }
  if (Date.now() >= deadline) break;
  await new Promise((resolve) => setTimeout(resolve, 500));
}
console.error(`kafka not ready at ${brokers.join(',')} after ${timeoutSeconds}s (${attempts} attempts): ${lastError?.message ?? lastError}`);
process.exit(1);
