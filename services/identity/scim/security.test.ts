import { describeModuleSecurity } from '../../../test/support/security-suite.js';

describeModuleSecurity('identity/scim');
