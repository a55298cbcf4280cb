// Test runs share the Kafka broker; each suite names its topics and consumer groups
// with a prefix of its own and removes them when it is done.
import { Kafka, logLevel } from 'kafkajs';
import { testServices } from './services.js';

/** Deletes the consumer groups and topics whose names start with the prefix. Groups must have no live member. */
export async function deleteKafkaPrefix(prefix: string): Promise<void> {
  const admin = new Kafka({ clientId: 'test-cleanup', brokers: testServices.kafkaBrokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    // Groups first: deleting a topic drops the groups' offsets, and with them the empty groups.
    const groups = (await admin.listGroups()).groups.map((g) => g.groupId).filter((group) => group.startsWith(prefix));
    if (groups.length > 0) await admin.deleteGroups(groups);
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(prefix));
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
}
