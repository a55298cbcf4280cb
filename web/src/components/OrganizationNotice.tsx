import { dismissOrganizationNotice } from '../session/acting-organization';
import { useOrganizationNotice } from '../session/hooks';

/** Says that the dashboard followed an organization switch made elsewhere (after a 409). */
export function OrganizationNotice() {
  const notice = useOrganizationNotice();
  if (!notice) return null;
  return (
    <div className="notice" role="status">
      <p>{notice}</p>
      <button type="button" onClick={dismissOrganizationNotice}>
        Dismiss
      </button>
    </div>
  );
}
