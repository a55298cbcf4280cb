import { Link } from '@tanstack/react-router';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { useMe } from '../admin/access';
import { offered } from '../admin/SettingsLayout';
import { IDENTITY_PAGES, ORGANIZATION_PAGES } from '../admin/settings-pages';

/** What the settings hold for this person: the pages their role can use, each with what it is for. */
export function SettingsPage() {
  const me = useMe();
  if (me.isPending) return <Loading what="settings" />;
  if (me.isError) return <ErrorMessage error={me.error} />;
  const organization = me.data.acting_organization;
  return (
    <>
      <h1>Settings</h1>
      <p>
        You are {organization.role === 'viewer' ? 'a' : 'an'} {organization.role} of {organization.name}
        {organization.role === 'viewer' ? ': you can read these pages, and change only your own security.' : '.'}
      </p>
      <dl className="facts">
        {[...offered(organization, ORGANIZATION_PAGES), ...offered(organization, IDENTITY_PAGES)].map((page) => (
          <div key={page.to} className="field">
            <dt>
              <Link to={page.to}>{page.label}</Link>
            </dt>
            <dd>{page.summary}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
