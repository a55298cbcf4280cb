import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { ApiError, unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { Timestamp } from '../components/Timestamp';
import { ScannerChoice } from '../scans/ScannerChoice';
import type { components } from '../../../api/openapi';
import { useExpectedOrganization } from '../session/hooks';

type Schedule = components['schemas']['AssetSchedule'];
type ScannerName = components['schemas']['ScannerName'];

/**
 * The asset's one schedule: shown, set (PUT replaces it) or removed. No schedule is a
 * 404 from the API, shown as "not scanned on a schedule". A digest-pinned asset cannot
 * have one (its content never changes); the API's refusal says so.
 */
export function ScheduleSection({ assetId, pinned }: { assetId: string; pinned: boolean }) {
  const organization = useExpectedOrganization();
  const queryClient = useQueryClient();
  const key = ['asset-schedule', organization, assetId];
  const schedule = useQuery({
    queryKey: key,
    queryFn: async (): Promise<Schedule | null> => {
      try {
        return unwrap(await api.GET('/api/v1/assets/{id}/schedule', { params: { path: { id: assetId } } }));
      } catch (error) {
        // The asset itself was found by the page: a 404 here means it has no schedule.
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
  const [editing, setEditing] = useState(false);
  const save = useMutation({
    mutationFn: async (body: { interval_hours: number; scanners: ScannerName[] }) =>
      unwrap(await api.PUT('/api/v1/assets/{id}/schedule', { params: { path: { id: assetId } }, body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      setEditing(false);
    },
  });
  const remove = useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/api/v1/assets/{id}/schedule', { params: { path: { id: assetId } } })),
    onSuccess: () => queryClient.setQueryData(key, null),
  });

  return (
    <section aria-labelledby="asset-schedule">
      <h2 id="asset-schedule">Schedule</h2>
      {schedule.isPending && <Loading what="the schedule" />}
      {schedule.isError && <ErrorMessage error={schedule.error} />}
      {schedule.isSuccess && !editing && (
        <>
          {schedule.data === null ? (
            <p>{pinned ? 'A digest-pinned image never changes, so it is not scanned on a schedule.' : 'Not scanned on a schedule.'}</p>
          ) : (
            <p>
              Every {schedule.data.interval_hours} {schedule.data.interval_hours === 1 ? 'hour' : 'hours'} with {schedule.data.scanners.join(', ')}; next run{' '}
              <Timestamp value={schedule.data.next_run_at} />.
            </p>
          )}
          <div className="actions">
            {!pinned && (
              <button type="button" onClick={() => setEditing(true)}>
                {schedule.data === null ? 'Set a schedule' : 'Change the schedule'}
              </button>
            )}
            {schedule.data !== null && (
              <button type="button" className="secondary" onClick={() => remove.mutate()} disabled={remove.isPending}>
                {remove.isPending ? 'Removing…' : 'Remove the schedule'}
              </button>
            )}
          </div>
          {remove.isError && <ErrorMessage error={remove.error} />}
        </>
      )}
      {schedule.isSuccess && editing && (
        <ScheduleForm current={schedule.data} saving={save.isPending} error={save.error} onSave={(body) => save.mutate(body)} onCancel={() => setEditing(false)} />
      )}
    </section>
  );
}

function ScheduleForm(props: {
  current: Schedule | null;
  saving: boolean;
  error: Error | null;
  onSave: (body: { interval_hours: number; scanners: ScannerName[] }) => void;
  onCancel: () => void;
}) {
  const [hours, setHours] = useState(String(props.current?.interval_hours ?? 24));
  const [scanners, setScanners] = useState<ScannerName[]>(props.current?.scanners ?? ['sentinel']);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSave({ interval_hours: Number(hours), scanners });
  };
  return (
    <form className="form" onSubmit={submit}>
      <label>
        Interval in hours
        <input type="number" required min={1} max={8760} step={1} value={hours} onChange={(event) => setHours(event.target.value)} />
      </label>
      <ScannerChoice chosen={scanners} onChange={setScanners} />
      {props.error && <ErrorMessage error={props.error} />}
      <div className="actions">
        <button type="submit" disabled={props.saving}>
          {props.saving ? 'Saving…' : 'Save the schedule'}
        </button>
        <button type="button" className="secondary" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
