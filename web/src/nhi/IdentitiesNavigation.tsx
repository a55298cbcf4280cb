import { Link } from '@tanstack/react-router';
import { usePermissions } from './permissions';

/** The "Identities" group of the header: the non-human identity module's pages; the audit trail only for those who may read it. */
export function IdentitiesNavigation() {
  const permissions = usePermissions();
  const current = { 'aria-current': 'page' } as const;
  return (
    <nav aria-label="Identities" className="identities-nav">
      <span className="nav-group">Identities</span>
      <Link to="/nhi/connectors" activeProps={current}>
        Connectors
      </Link>
      <Link to="/nhi/identities" search={{}} activeProps={current} activeOptions={{ exact: true, includeSearch: false }}>
        Inventory
      </Link>
      <Link to="/nhi/findings" activeProps={current}>
        Identity findings
      </Link>
      <Link to="/nhi/stale-identities" activeProps={current}>
        Stale identities
      </Link>
      <Link to="/nhi/requests" activeProps={current}>
        Requests
      </Link>
      <Link to="/nhi/delegations" activeProps={current}>
        Delegations
      </Link>
      <Link to="/nhi/campaigns" activeProps={current}>
        Campaigns
      </Link>
      <Link to="/nhi/runtime" activeProps={current}>
        Runtime
      </Link>
      {permissions.can('audit:read') && (
        <Link to="/nhi/audit" activeProps={current}>
          Audit
        </Link>
      )}
    </nav>
  );
}
