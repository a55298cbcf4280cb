import type { TopicSpec } from './log/stream-log.js';

/** Every topic the service uses, with the Avro schema (schemas/<schema>.avsc) of its values. All are keyed by organization id. */
export const topics = {
  domainEvents: { name: 'domain-events', schema: 'domain-event' },
  scannerResults: { name: 'scanner-results', schema: 'scanner-result' },
  nhiInventory: { name: 'nhi-inventory', schema: 'nhi-inventory-record' },
  advisoryRematch: { name: 'advisory-rematch', schema: 'advisory-rematch' },
} as const satisfies Record<string, TopicSpec>;

export const allTopics: TopicSpec[] = Object.values(topics);
