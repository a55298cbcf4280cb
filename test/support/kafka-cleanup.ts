// Test runs share the Kafka broker; each suite names its topics and consumer groups
// with a prefix of its own and removes them when it is done.
import { Kafka, KafkaJSDeleteGroupsError, logLevel } from 'kafkajs';
import { testServices } from './services.js';

/**
 * Deletes the consumer groups and topics whose names start with the prefix. A group that
 * still has a member (a process killed less than a session timeout ago) cannot be deleted;
 * it is left to expire with its topics gone, rather than failing the suite after its tests.
 */
export async function deleteKafkaPrefix(prefix: string): Promise<void> {
  const admin = new Kafka({ clientId: 'test-cleanup', brokers: testServices.kafkaBrokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    // Groups first: deleting a topic drops the groups' offsets, and with them the empty groups.
    const groups = (await admin.listGroups()).groups.map((g) => g.groupId).filter((group) => group.startsWith(prefix));
    if (groups.length > 0) {
      await admin.deleteGroups(groups).catch((error: unknown) => {
        if (!(error instanceof KafkaJSDeleteGroupsError)) throw error;
      });
    }
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(prefix));
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
}
