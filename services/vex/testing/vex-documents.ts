// The VEX example documents of test/fixtures/vex (their README names sources and
// licences), read as JSON for tests.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/vex');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a VEX document is read and changed field by field in tests
export const readVexFixture = (name: string): Record<string, any> => JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as Record<string, unknown>;
