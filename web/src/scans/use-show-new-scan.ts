import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useExpectedOrganization } from '../session/hooks';
import type { Scan } from './scan-state';

/** After a scan is started or a report imported: the lists that show it are out of date, and its page follows it. */
export function useShowNewScan(): (scan: Scan) => void {
  const organization = useExpectedOrganization();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (scan) => {
    void queryClient.invalidateQueries({ queryKey: ['scans', organization] });
    void queryClient.invalidateQueries({ queryKey: ['assets', organization] });
    void navigate({ to: '/scans/$scanId', params: { scanId: scan.id } });
  };
}
