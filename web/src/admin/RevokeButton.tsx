/** Revokes one issued credential, named for assistive technology by what it revokes. */
export function RevokeButton({ name, busy, onRevoke }: { name: string; busy: boolean; onRevoke: () => void }) {
  return (
    <button type="button" className="secondary" disabled={busy} onClick={onRevoke} aria-label={`Revoke ${name}`}>
      Revoke
    </button>
  );
}
