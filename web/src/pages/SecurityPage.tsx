import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { Timestamp } from '../components/Timestamp';
import { CopyableValue, ShownOnce } from '../admin/CopyableValue';
import { Permitted } from '../admin/Permitted';

// A person's second factor is their own, across every organization: the key names no organization.
const SECOND_FACTOR = ['second-factor'];

/** The signed-in person's second factor: enrolment with an authenticator app, recovery codes shown once, disabling. */
export function SecurityPage() {
  return (
    <Permitted permission={null} title="Your security">
      {() => <SecondFactor />}
    </Permitted>
  );
}

function SecondFactor() {
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: SECOND_FACTOR, queryFn: async () => unwrap(await api.GET('/api/v1/me/second-factor')) });
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: SECOND_FACTOR });

  if (recoveryCodes) {
    return (
      <ShownOnce label="Recovery codes" value={recoveryCodes.join(' ')} onDone={() => setRecoveryCodes(undefined)}>
        Your second factor is on. Each recovery code signs you in once in place of a code from your app: keep them somewhere safe.
        <ul className="recovery-codes">
          {recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
      </ShownOnce>
    );
  }
  if (state.isPending) return <Loading what="your second factor" />;
  if (state.isError) return <ErrorMessage error={state.error} />;
  if (state.data.enabled) {
    return (
      <>
        <p role="status">
          Your second factor is on (an authenticator app) since <Timestamp value={state.data.enabled_at} />. {state.data.recovery_codes_remaining} recovery codes
          left.
        </p>
        <Disable onDisabled={refresh} />
      </>
    );
  }
  return (
    <Enrol
      onEnabled={(codes) => {
        setRecoveryCodes(codes);
        return refresh();
      }}
    />
  );
}

function Enrol({ onEnabled }: { onEnabled: (codes: string[]) => Promise<unknown> }) {
  const [code, setCode] = useState('');
  const start = useMutation({ mutationFn: async () => unwrap(await api.POST('/api/v1/me/second-factor/totp')) });
  const confirm = useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/v1/me/second-factor/totp/confirm', { body: { code: code.trim() } })),
    onSuccess: (answer) => onEnabled(answer.recovery_codes),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate();
  };
  if (!start.data) {
    return (
      <>
        <p>Your second factor is off: a password alone signs you in. With it on, sign-in also asks for a code from an authenticator app.</p>
        <button type="button" disabled={start.isPending} onClick={() => start.mutate()}>
          Set up an authenticator app
        </button>
        {start.isError && <ErrorMessage error={start.error} />}
      </>
    );
  }
  return (
    <form className="form" onSubmit={submit} aria-labelledby="enrol">
      <h2 id="enrol">Add Sentinel to your authenticator app</h2>
      <p>
        Enter this key in the app by hand ({start.data.algorithm}, {start.data.digits} digits, every {start.data.period} seconds), or give it the address below. It is
        shown only now.
      </p>
      <CopyableValue label="Setup key" value={start.data.secret} />
      <CopyableValue label="Setup address (otpauth)" value={start.data.otpauth_uri} />
      <label>
        Code from the app
        <input inputMode="numeric" autoComplete="one-time-code" required pattern="[0-9]{6}" value={code} onChange={(event) => setCode(event.target.value)} />
      </label>
      {confirm.isError && <ErrorMessage error={confirm.error} />}
      <button type="submit" disabled={confirm.isPending}>
        {confirm.isPending ? 'Checking…' : 'Turn on the second factor'}
      </button>
    </form>
  );
}

function Disable({ onDisabled }: { onDisabled: () => Promise<unknown> }) {
  const [code, setCode] = useState('');
  const disable = useMutation({
    mutationFn: async () => {
      const typed = code.trim();
      // Six digits are the app's code; anything else is taken for a recovery code.
      const body = /^\d{6}$/.test(typed) ? { totp_code: typed } : { recovery_code: typed };
      return unwrap(await api.POST('/api/v1/me/second-factor/disable', { body }));
    },
    onSuccess: onDisabled,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate();
  };
  return (
    <form className="form inline-form" onSubmit={submit} aria-labelledby="disable">
      <h2 id="disable">Turn the second factor off</h2>
      <label>
        A code from your app, or a recovery code
        <input autoComplete="one-time-code" required value={code} onChange={(event) => setCode(event.target.value)} />
      </label>
      <button type="submit" className="secondary" disabled={disable.isPending}>
        Turn off
      </button>
      {disable.isError && <ErrorMessage error={disable.error} />}
    </form>
  );
}
