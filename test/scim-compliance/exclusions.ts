// Reads excluded-tests.txt: the tests of the compliance suite CI leaves out, one
// "excluded: <Class>.<method> [<reason>] ..." line each, every reason one the file's
// header explains. A line with an unknown reason, or a test named twice, is an error
// in the file.
import { readFileSync } from 'node:fs';

export interface Exclusion {
  /** "<Class>.<method>", the class without its package. */
  test: string;
  reason: string;
}

export function readExclusions(file: string): Exclusion[] {
  const text = readFileSync(file, 'utf8');
  const reasons = new Set([...text.matchAll(/^#\s+\[([a-z-]+)\]\s/gm)].map((match) => match[1]!));
  const exclusions: Exclusion[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const match = /^excluded: (\w+\.\w+) \[([a-z-]+)\]/.exec(line);
    if (!match) throw new Error(`${file}: not an "excluded: <Class>.<method> [<reason>]" line: ${line}`);
    const [, test, reason] = match as unknown as [string, string, string];
    if (!reasons.has(reason)) throw new Error(`${file}: ${test} is excluded for [${reason}], which the header does not explain`);
    if (exclusions.some((exclusion) => exclusion.test === test)) throw new Error(`${file}: ${test} is excluded twice`);
    exclusions.push({ test, reason });
  }
  return exclusions;
}
