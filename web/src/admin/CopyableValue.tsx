import { useId, useState, type ReactNode } from 'react';

/**
 * A value to hand on (a record to publish, an address to configure, a secret shown once):
 * a read-only field, selectable by hand, and a button that copies it.
 */
export function CopyableValue({ label, value, autoFocus = false }: { label: string; value: string; autoFocus?: boolean }) {
  const id = useId();
  const [copied, setCopied] = useState<'copied' | 'failed'>();
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    );
  return (
    <div className="copyable">
      <label htmlFor={id}>{label}</label>
      <div className="copyable-row">
        <input id={id} readOnly autoFocus={autoFocus} value={value} onFocus={(event) => event.target.select()} />
        <button type="button" className="secondary" onClick={() => void copy()} aria-label={`Copy ${label.toLowerCase()}`}>
          Copy
        </button>
      </div>
      <span role="status" className="hint">
        {copied === 'copied' && 'Copied.'}
        {copied === 'failed' && 'Could not copy: select the text and copy it yourself.'}
      </span>
    </div>
  );
}

/** A secret the API answers once: a notice that it is not shown again, and the value to copy. */
export function ShownOnce({ label, value, onDone, children }: { label: string; value: string; onDone: () => void; children?: ReactNode }) {
  return (
    <section className="shown-once" aria-label={label}>
      <p>
        <strong>Copy it now: it is shown only this once.</strong>
      </p>
      {children && <div>{children}</div>}
      {/* Focus moves to the value, so a keyboard or screen reader user lands on what appeared. */}
      <CopyableValue label={label} value={value} autoFocus />
      <button type="button" onClick={onDone}>
        Done
      </button>
    </section>
  );
}
