import { Timestamp } from '../components/Timestamp';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T/;

/** An identity's last use: a time, or the provider's words for none ("not reported", "never used") as they are. */
export function LastUsed({ value }: { value: string }) {
  if (ISO_TIME.test(value)) return <Timestamp value={value} />;
  return <em>{value}</em>;
}
