// The shared security suite (test/support/security-suite.ts) over every secured operation of this module.
import { describeModuleSecurity } from '../../../test/support/security-suite.js';

describeModuleSecurity('identity/accounts');
