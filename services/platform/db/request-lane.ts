// Which database work a request is waiting on. The HTTP facade runs every request
// inside servingRequest(); the embedded database (embedded.ts), whose one
// connection serializes all work, serves such work before waiting background work
// (stream processors, the outbox relay, workers). PostgreSQL's pool needs no lane.
import { AsyncLocalStorage } from 'node:async_hooks';

const requestContext = new AsyncLocalStorage<true>();

/** Runs fn, and everything it awaits, as work a request waits on. */
export const servingRequest = <T>(fn: () => T): T => requestContext.run(true, fn);

/** Whether the calling code runs for a request (inside servingRequest). */
export const isServingRequest = (): boolean => requestContext.getStore() === true;
