// kafkajs 2.2.4, its last release, reschedules each connection's pending-request
// check every millisecond for as long as the connection lives, whether or not a
// request waits (tulios/kafkajs#1704): the delay it computes with no throttle in
// force is `-1 - Date.now()`, which Node turns into 1 ms, and Node 24 warns
// TimeoutNegativeWarning about it (#1751). Measured here, an idle admin and
// producer spent 50 ms of CPU per second doing nothing; every role process has
// several such connections. The open fix proposals (#1755, #1768) keep kafkajs's
// behaviour otherwise, as this one does: a check is scheduled only while requests
// are pending (every 10 ms, as before) or a broker throttle is in force (when it
// ends). With nothing pending nothing needs checking: a pushed request, a response
// and a request timeout each check the queue themselves.
import { createRequire } from 'node:module';

const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

interface RequestQueueState {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
}

type RequestQueueClass = { prototype: { scheduleCheckPendingRequests(this: RequestQueueState): void } };

function scheduleCheckPendingRequests(this: RequestQueueState): void {
  if (this.throttleCheckTimeoutId) return;
  const untilUnthrottled = this.throttledUntil - Date.now();
  if (this.pending.length === 0 && untilUnthrottled <= 0) return;
  const delay = untilUnthrottled > 0 ? untilUnthrottled : CHECK_PENDING_REQUESTS_INTERVAL_MS;
  this.throttleCheckTimeoutId = setTimeout(() => {
    this.throttleCheckTimeoutId = null;
    this.checkPendingRequests();
  }, delay);
}

/** Replaces kafkajs's RequestQueue scheduling once per process; idempotent. */
export function fixKafkaRequestQueueScheduling(): void {
  const RequestQueue = createRequire(import.meta.url)('kafkajs/src/network/requestQueue/index.js') as RequestQueueClass;
  RequestQueue.prototype.scheduleCheckPendingRequests = scheduleCheckPendingRequests;
}
