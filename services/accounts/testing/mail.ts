// The mail a test app's service sent (TestApp.mail), read as a person would.
import type { TestApp } from '../../../test/support/test-app.js';

/** The token of the latest verification link mailed to the address. */
export function mailedToken(t: TestApp, email: string): string {
  const mail = t.mail.filter((m) => m.purpose === 'email_verification' && m.to === email).at(-1);
  const link = mail?.text.match(/https:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no verification mail for ${email}`);
  return new URL(link).searchParams.get('token')!;
}
