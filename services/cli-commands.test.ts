// Reading the command line, in process (test/cli.test.ts runs the command itself).
import { describe, expect, it } from 'vitest';
import { overview, parseCommandLine } from './cli-commands.js';

describe('reading the sentinel command line', () => {
  it('reads each command with its options and operands', () => {
    expect(parseCommandLine(['all'])).toEqual({ kind: 'run', command: 'all', options: {}, operands: [], argv: [] });
    expect(parseCommandLine(['set-aside', 'list', '--json'])).toMatchObject({ kind: 'run', command: 'set-aside list', options: { json: true } });
    expect(parseCommandLine(['set-aside', 'replay', 'a', 'b'])).toMatchObject({ kind: 'run', command: 'set-aside replay', operands: ['a', 'b'] });
    expect(parseCommandLine(['analytics', 'rebuild', '--org=x'])).toMatchObject({ kind: 'run', command: 'analytics rebuild', options: { org: 'x' } });
    expect(parseCommandLine(['org', 'plan', 'o', 'pro'])).toMatchObject({ kind: 'run', command: 'org plan', operands: ['o', 'pro'] });
    // gate reads its own options, as given.
    expect(parseCommandLine(['gate', '--image', 'x', '--scanner=grype'])).toEqual({ kind: 'run', command: 'gate', options: {}, operands: [], argv: ['--image', 'x', '--scanner=grype'] });
  });

  it('answers help wherever it is asked for, but not after --', () => {
    for (const argv of [[], ['--help'], ['-h'], ['help']]) expect(parseCommandLine(argv)).toEqual({ kind: 'help', text: overview });
    expect(parseCommandLine(['help', 'audit', 'verify'])).toMatchObject({ kind: 'help', text: expect.stringMatching(/^usage: sentinel audit verify </) });
    expect(parseCommandLine(['audit', 'verify', 'x.json', '-h'])).toMatchObject({ kind: 'help', text: expect.stringMatching(/^usage: sentinel audit verify </) });
    // After --, "--help" is a file name like any other.
    expect(parseCommandLine(['audit', 'verify', '--', '--help'])).toMatchObject({ kind: 'run', command: 'audit verify', operands: ['--help'] });
  });

  it('keeps the overview to one line of at most 80 characters per command', () => {
    for (const line of overview.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
  });
});
