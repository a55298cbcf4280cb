import type { ReactNode } from 'react';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import type { components } from '../../../api/openapi';
import { holds, useMe } from './access';

/**
 * A settings page's body, shown when the person's role holds `permission` (null: anyone
 * signed in). The navigation does not offer it otherwise; an address typed by hand says why.
 */
export function Permitted({ permission, title, children }: { permission: string | null; title: string; children: (me: components['schemas']['Me']) => ReactNode }) {
  const me = useMe();
  return (
    <>
      <h1>{title}</h1>
      {me.isPending && <Loading what="your access" />}
      {me.isError && <ErrorMessage error={me.error} />}
      {me.isSuccess &&
        (permission === null || holds(me.data.acting_organization, permission) ? (
          children(me.data)
        ) : (
          <p className="empty">
            Your role in {me.data.acting_organization.name} ({me.data.acting_organization.role}) cannot use this page. Ask an owner or an admin.
          </p>
        ))}
    </>
  );
}
