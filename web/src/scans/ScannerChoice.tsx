import type { components } from '../../../api/openapi';
import { SCANNERS } from './scan-state';

type ScannerName = components['schemas']['ScannerName'];

const DESCRIBED: Record<ScannerName, string> = {
  sentinel: 'sentinel (built in)',
  trivy: 'trivy',
  grype: 'grype',
};

/** The scanners to run, as checkboxes; the API refuses an empty choice with its own words. */
export function ScannerChoice({ chosen, onChange }: { chosen: ScannerName[]; onChange: (scanners: ScannerName[]) => void }) {
  const toggle = (scanner: ScannerName) => onChange(chosen.includes(scanner) ? chosen.filter((name) => name !== scanner) : SCANNERS.filter((name) => name === scanner || chosen.includes(name)));
  return (
    <fieldset className="choice">
      <legend>Scanners</legend>
      {SCANNERS.map((scanner) => (
        <label key={scanner}>
          <input type="checkbox" checked={chosen.includes(scanner)} onChange={() => toggle(scanner)} />
          {DESCRIBED[scanner]}
        </label>
      ))}
    </fieldset>
  );
}
