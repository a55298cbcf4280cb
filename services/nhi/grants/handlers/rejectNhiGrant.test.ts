// Rejecting a grant: the decisions every request approved with separation of duties shares
// (services/nhi/governance/testing/request-decisions.ts), on both profiles with two organizations.
import { describeRejecting } from '../../governance/testing/request-decisions.js';
import { grantRequests } from '../../governance/testing/requests.js';

describeRejecting(grantRequests);
