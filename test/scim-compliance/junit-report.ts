// Reads the JUnit XML report (JUnit Platform's legacy format) the SCIM compliance
// suite writes: one <testsuite> of <testcase> elements, each passed or holding a
// <failure>, <error> or <skipped>. The format is flat and machine-written, so a few
// patterns read it; the counts the suite declares in its header are checked against
// the cases read, so a case this reader missed fails the reading instead of passing
// unseen. Nothing here prints the report: it also records the suite's settings.

export type Outcome = 'passed' | 'failed' | 'error' | 'skipped';

export interface TestCase {
  /** The test class, without the package. */
  className: string;
  /** The method, or a dynamic or parameterized test's display name. */
  name: string;
  outcome: Outcome;
  /** The failure's or skip's message, if any. */
  message?: string;
}

export interface JUnitReport {
  cases: TestCase[];
  count(outcome: Outcome): number;
}

const decode = (text: string): string =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const attributesOf = (tag: string): Record<string, string> =>
  Object.fromEntries([...tag.matchAll(/([\w:.-]+)="([^"]*)"/g)].map((match) => [match[1]!, decode(match[2]!)]));

export function readJUnitReport(xml: string): JUnitReport {
  const suites = [...xml.matchAll(/<testsuite\b([^>]*)>/g)];
  if (suites.length !== 1) throw new Error(`expected one <testsuite>, found ${suites.length}`);
  const declared = attributesOf(suites[0]![1]!);

  const cases: TestCase[] = [];
  for (const match of xml.matchAll(/<testcase\b([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const attributes = attributesOf(match[1]!);
    const body = match[3] ?? '';
    const problem = /<(failure|error|skipped)\b([^>]*?)(\/>|>)/.exec(body);
    const outcome: Outcome = problem === null ? 'passed' : problem[1] === 'failure' ? 'failed' : problem[1] === 'error' ? 'error' : 'skipped';
    cases.push({
      className: (attributes.classname ?? '').split('.').pop()!,
      name: attributes.name ?? '',
      outcome,
      message: problem ? attributesOf(problem[2]!).message : undefined,
    });
  }

  const count = (outcome: Outcome) => cases.filter((c) => c.outcome === outcome).length;
  const expected = { tests: cases.length, failures: count('failed'), errors: count('error'), skipped: count('skipped') };
  for (const [key, value] of Object.entries(expected)) {
    if (Number(declared[key] ?? 0) !== value) throw new Error(`the report declares ${key}="${declared[key]}" but ${value} were read`);
  }
  return { cases, count };
}
