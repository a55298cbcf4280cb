import { useState } from 'react';

/**
 * A signing secret the API returned on creation or rotation, the only time it is ever shown:
 * kept in this component's state only (never in the query cache), gone once dismissed or reloaded.
 */
export function SecretReveal({ secret, url, onDismiss }: { secret: string; url: string; onDismiss: () => void }) {
  const [copied, setCopied] = useState<'copied' | 'failed' | undefined>();
  const copy = () => {
    navigator.clipboard.writeText(secret).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    );
  };
  return (
    <section className="secret-reveal" aria-labelledby="secret-heading">
      <h2 id="secret-heading">Signing secret for {url}</h2>
      <p>
        <strong>Copy it now: you will not see it again.</strong> Receivers verify each delivery's signature with it.
      </p>
      <p>
        <code className="secret">{secret}</code>
      </p>
      <div className="actions">
        <button type="button" onClick={copy}>
          Copy secret
        </button>
        <button type="button" className="secondary" onClick={onDismiss}>
          I have stored it
        </button>
      </div>
      <p role="status">{copied === 'copied' ? 'Copied to the clipboard.' : copied === 'failed' ? 'Copying failed: select the secret and copy it by hand.' : ''}</p>
    </section>
  );
}
