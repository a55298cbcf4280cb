import { Link, Outlet } from '@tanstack/react-router';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { holds, useMe, type ActingOrganization } from './access';
import { IDENTITY_PAGES, ORGANIZATION_PAGES, type SettingsPage } from './settings-pages';

export const offered = (organization: ActingOrganization, pages: readonly SettingsPage[]): SettingsPage[] =>
  pages.filter((page) => page.permission === null || holds(organization, page.permission));

/** The settings pages' frame: a navigation of the pages the person's role can use, in two groups. */
export function SettingsLayout() {
  const me = useMe();
  return (
    <div className="settings">
      <nav aria-label="Settings" className="settings-nav">
        {me.isPending && <Loading what="settings" />}
        {me.isError && <ErrorMessage error={me.error} />}
        {me.isSuccess &&
          (
            [
              ['Organization', ORGANIZATION_PAGES],
              ['Enterprise identity', IDENTITY_PAGES],
            ] as const
          ).map(([group, pages]) => {
            const links = offered(me.data.acting_organization, pages);
            if (links.length === 0) return null;
            return (
              <div key={group}>
                <h2>{group}</h2>
                <ul>
                  {links.map((page) => (
                    <li key={page.to}>
                      <Link to={page.to} activeProps={{ 'aria-current': 'page' }}>
                        {page.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
      </nav>
      <div className="settings-page">
        <Outlet />
      </div>
    </div>
  );
}
