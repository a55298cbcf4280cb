// The reason and the end of a suppression, as the bulk action and the finding's page ask for them.

// The API refuses an expiry more than 365 days ahead; the last day offered ends within it.
const LATEST_DAY_AHEAD = 364;
const DEFAULT_DAYS_AHEAD = 30;

/** A local calendar day as <input type="date"> writes it. */
function dayText(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const daysAhead = (days: number): string => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return dayText(date);
};

export interface Suppression {
  reason: string;
  /** The last day suppressed (local calendar day, YYYY-MM-DD). */
  until: string;
}

export const newSuppression = (): Suppression => ({ reason: '', until: daysAhead(DEFAULT_DAYS_AHEAD) });

/** The suppression as the API takes it: it ends at the end of the chosen day, in the person's time zone. */
export function suppressionBody(suppression: Suppression): { reason: string; expires_at: string } {
  const [year, month, day] = suppression.until.split('-').map(Number);
  const end = new Date(year!, month! - 1, day! + 1);
  return { reason: suppression.reason.trim(), expires_at: end.toISOString() };
}

export const isComplete = (suppression: Suppression): boolean => suppression.reason.trim() !== '' && /^\d{4}-\d{2}-\d{2}$/.test(suppression.until);

export function SuppressionFields({ id, value, onChange }: { id: string; value: Suppression; onChange: (value: Suppression) => void }) {
  return (
    <>
      <label htmlFor={`${id}-reason`}>Reason for suppressing</label>
      <input id={`${id}-reason`} type="text" required maxLength={1000} value={value.reason} onChange={(event) => onChange({ ...value, reason: event.target.value })} />
      <label htmlFor={`${id}-until`}>Suppressed until (end of day)</label>
      <input
        id={`${id}-until`}
        type="date"
        required
        min={daysAhead(0)}
        max={daysAhead(LATEST_DAY_AHEAD)}
        value={value.until}
        onChange={(event) => onChange({ ...value, until: event.target.value })}
      />
    </>
  );
}
