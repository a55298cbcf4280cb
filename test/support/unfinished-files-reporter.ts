// Names the test files a run did not finish. When a vitest worker process dies (it
// answers "Worker exited unexpectedly"), the summary counts the file as neither passed
// nor failed and names nothing; this prints, last, which file it was and which of its
// tests never reported, so a CI log that keeps only its tail still says.
import type { Reporter, TestModule } from 'vitest/node';

export default class UnfinishedFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const unfinished = testModules.filter((module) => !['passed', 'failed', 'skipped'].includes(module.state()));
    if (unfinished.length === 0) return;
    const lines = ['', 'Test files the run did not finish:'];
    for (const module of unfinished) {
      lines.push(`  ${module.relativeModuleId} (${module.state()})`);
      for (const test of module.children.allTests()) {
        if (test.result().state === 'pending') lines.push(`    never reported: ${test.fullName}`);
      }
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
