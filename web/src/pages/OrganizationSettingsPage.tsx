import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Timestamp } from '../components/Timestamp';
import { useExpectedOrganization } from '../session/hooks';
import { holds, type ActingOrganization } from '../admin/access';
import { Permitted } from '../admin/Permitted';

/** The organization itself: its plan, its name, and its deletion after a grace period any owner can end. */
export function OrganizationSettingsPage() {
  return (
    <Permitted permission={null} title="Organization">
      {(me) => (
        <>
          <dl className="facts">
            <dt>Name</dt>
            <dd>{me.acting_organization.name}</dd>
            <dt>Plan</dt>
            <dd>
              {me.acting_organization.plan.name} ({me.acting_organization.plan.seats === null ? 'unlimited seats' : `${me.acting_organization.plan.seats} seats`},{' '}
              {me.acting_organization.plan.concurrent_scans} concurrent scans)
            </dd>
            <dt>Your role</dt>
            <dd>{me.acting_organization.role}</dd>
            <dt>Created</dt>
            <dd>
              <Timestamp value={me.acting_organization.created_at} />
            </dd>
          </dl>
          {holds(me.acting_organization, 'organization:manage') && <RenameForm key={me.acting_organization.name} organization={me.acting_organization} />}
          <Deletion organization={me.acting_organization} />
        </>
      )}
    </Permitted>
  );
}

function useRefreshOrganization() {
  const expected = useExpectedOrganization();
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ['me', expected] }), queryClient.invalidateQueries({ queryKey: ['organizations', expected] })]);
}

function RenameForm({ organization }: { organization: ActingOrganization }) {
  const refresh = useRefreshOrganization();
  const [name, setName] = useState(organization.name);
  const rename = useMutation({
    mutationFn: async () => unwrap(await api.PATCH('/api/v1/orgs/current', { body: { name: name.trim() } })),
    onSuccess: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate();
  };
  return (
    <section aria-labelledby="rename">
      <h2 id="rename">Rename</h2>
      <form className="form inline-form" onSubmit={submit}>
        <label>
          Organization name
          <input required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        <button type="submit" disabled={rename.isPending || name.trim() === organization.name}>
          {rename.isPending ? 'Renaming…' : 'Rename'}
        </button>
        {rename.isError && <ErrorMessage error={rename.error} />}
      </form>
    </section>
  );
}

function Deletion({ organization }: { organization: ActingOrganization }) {
  const refresh = useRefreshOrganization();
  const [typed, setTyped] = useState('');
  const owner = holds(organization, 'organization:delete');
  const schedule = useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/v1/orgs/current/deletion', { body: { confirm_name: typed } })),
    onSuccess: async () => {
      setTyped('');
      await refresh();
    },
  });
  const cancel = useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/api/v1/orgs/current/deletion')),
    onSuccess: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    schedule.mutate();
  };

  if (organization.deletion) {
    return (
      <section aria-labelledby="deletion" className="danger">
        <h2 id="deletion">Deletion scheduled</h2>
        <p role="status">
          {organization.name} and all its data will be deleted at <Timestamp value={organization.deletion.deletes_at} />. Until then it is read-only, and any
          owner can cancel the deletion.
        </p>
        {owner && (
          <button type="button" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            {cancel.isPending ? 'Cancelling…' : 'Cancel the deletion'}
          </button>
        )}
        {cancel.isError && <ErrorMessage error={cancel.error} />}
      </section>
    );
  }
  if (!owner) return null;
  if (organization.personal) {
    return (
      <section aria-labelledby="deletion">
        <h2 id="deletion">Delete</h2>
        <p>This is your personal organization, which belongs to your account: it cannot be deleted on its own.</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="deletion" className="danger">
      <h2 id="deletion">Delete the organization</h2>
      <p>
        The deletion runs 7 days after you schedule it. During those days the organization is read-only (API keys can still be revoked and members removed), and
        any owner can cancel it. Afterwards its findings, scans, assets, policies and keys are gone for good.
      </p>
      <form className="form" onSubmit={submit}>
        <label>
          Type the organization's name, {organization.name}, to confirm
          <input autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </label>
        <button type="submit" className="destructive" disabled={schedule.isPending || typed !== organization.name}>
          {schedule.isPending ? 'Scheduling…' : 'Schedule the deletion'}
        </button>
        {schedule.isError && <ErrorMessage error={schedule.error} />}
      </form>
    </section>
  );
}
