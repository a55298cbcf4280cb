// The streams role runs every processor: a processor missing from the list
// would never consume in production, while test pipelines wire theirs by hand.
import { describe, expect, it } from 'vitest';
import type { Platform } from '../../services/composition.js';
import { createLogger } from '../../services/platform/logger.js';
import type { StreamLog, SubscribeOptions, Subscription } from '../log/stream-log.js';
import { createProcessors } from './index.js';

describe('createProcessors', () => {
  it('subscribes each processor in a consumer group of its own, the scan summaries beside the findings', async () => {
    const subscribed: SubscribeOptions<unknown>[] = [];
    const log = { subscribe: async (options: SubscribeOptions<unknown>): Promise<Subscription> => (subscribed.push(options), { stop: async () => undefined }) } as unknown as StreamLog;
    const platform = { db: {}, analytics: {}, logger: createLogger('silent') } as unknown as Platform;
    for (const start of createProcessors(platform)) await start(log);
    expect(subscribed.map((options) => `${options.group} <- ${options.topic.name}`)).toEqual(
      expect.arrayContaining(['findings <- scanner-results', 'scan-summaries <- scanner-results']),
    );
    expect(new Set(subscribed.map((options) => options.group)).size).toBe(subscribed.length);
  });
});
