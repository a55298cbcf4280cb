// A process of the benchmark's own (the webhook receiver, the listing's floor
// server): a TypeScript file forked with an IPC channel, which first sends
// { port } once it listens, and exits when the channel closes.
import { fork } from 'node:child_process';
import path from 'node:path';

export interface BenchProcess {
  port: number;
  send(message: unknown): void;
  /** The next message the process sends; rejected if it exits first. */
  nextMessage<T>(): Promise<T>;
  /** Closes the channel and waits for the process to exit. */
  stop(): Promise<void>;
}

/** Forks `file` (beside this one) with only PATH and `env` in its environment, and waits for its port. */
export async function forkBenchProcess(file: string, env: Record<string, string>): Promise<BenchProcess> {
  const child = fork(path.join(import.meta.dirname, file), {
    execArgv: ['--import', 'tsx'],
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const nextMessage = <T,>() =>
    new Promise<T>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`${file} exited with ${code}`));
      child.once('exit', onExit);
      child.once('message', (message) => {
        child.off('exit', onExit);
        resolve(message as T);
      });
    });
  const { port } = await nextMessage<{ port: number }>();
  return {
    port,
    send: (message) => void child.send(message as Parameters<typeof child.send>[0]),
    nextMessage,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}
