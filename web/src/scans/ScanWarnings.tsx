import type { Scan } from './scan-state';

/** What reading the scan's reports changed or left out, each in the API's words and where in the report. */
export function ScanWarnings({ warnings }: { warnings: Scan['warnings'] }) {
  return (
    <section aria-labelledby="scan-warnings">
      <h2 id="scan-warnings">Warnings</h2>
      {warnings.length === 0 ? (
        <p className="empty">None: every entry of the report was read as it was.</p>
      ) : (
        <ul className="warnings">
          {warnings.map((warning, index) => (
            <li key={`${warning.code}-${index}`}>
              <code>{warning.code}</code> {warning.message}
              {warning.where !== null && (
                <>
                  {' '}
                  at <code>{warning.where}</code>
                </>
              )}
              {warning.count > 1 && <> ({warning.count.toLocaleString()})</>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
