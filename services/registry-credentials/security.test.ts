// The shared security suite (test/support/security-suite.ts) over every secured operation of this module.
import { afterAll } from 'vitest';
import { describeModuleSecurity } from '../../test/support/security-suite.js';
import { expectNoResponseCarriedASecret } from './testing/api-fixtures.js';

describeModuleSecurity('registry-credentials');

// The fixtures stored credentials and watched every response the suite got after that.
afterAll(() => expectNoResponseCarriedASecret());
