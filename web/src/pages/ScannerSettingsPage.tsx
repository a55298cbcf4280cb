import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { useExpectedOrganization } from '../session/hooks';
import { holds } from '../admin/access';
import { Permitted } from '../admin/Permitted';

type Switch = 'secrets' | 'misconfigurations';
const SWITCHES: readonly { name: Switch; label: string }[] = [
  { name: 'secrets', label: 'Record secret findings (keys and tokens found in image files)' },
  { name: 'misconfigurations', label: 'Record misconfiguration findings' },
];

/** Which kinds of findings scans of container images record; vulnerabilities always. */
export function ScannerSettingsPage() {
  return (
    <Permitted permission="scans:read" title="Scanner settings">
      {(me) => <ScannerSettings editable={holds(me.acting_organization, 'organization:manage')} />}
    </Permitted>
  );
}

function ScannerSettings({ editable }: { editable: boolean }) {
  const expected = useExpectedOrganization();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ['scanner-settings', expected], queryFn: async () => unwrap(await api.GET('/api/v1/settings/scanners')) });
  const change = useMutation({
    mutationFn: async (patch: Partial<Record<Switch, boolean>>) => unwrap(await api.PATCH('/api/v1/settings/scanners', { body: { container_image: patch } })),
    onSuccess: (updated) => queryClient.setQueryData(['scanner-settings', expected], updated),
  });
  if (settings.isPending) return <Loading what="scanner settings" />;
  if (settings.isError) return <ErrorMessage error={settings.error} />;
  const image = settings.data.target_kinds.find((kind) => kind.target_kind === 'container_image');
  return (
    <>
      <p>Changes apply to scans and imports recorded afterwards. {editable ? '' : 'Only an owner or an admin can change them.'}</p>
      {image && (
        <fieldset className="choice">
          <legend>Container images</legend>
          <label>
            <input type="checkbox" checked disabled />
            Vulnerabilities (always recorded)
          </label>
          {SWITCHES.map((option) => (
            <label key={option.name}>
              <input type="checkbox" checked={image[option.name]} disabled={!editable || change.isPending} onChange={(event) => change.mutate({ [option.name]: event.target.checked })} />
              {option.label}
            </label>
          ))}
        </fieldset>
      )}
      {change.isError && <ErrorMessage error={change.error} />}
    </>
  );
}
