// Rejecting a exception: the decisions every request approved with separation of duties shares
// (services/nhi/governance/testing/request-decisions.ts), on both profiles with two organizations.
import { describeRejecting } from '../../governance/testing/request-decisions.js';
import { exceptionRequests } from '../../governance/testing/requests.js';

describeRejecting(exceptionRequests);
