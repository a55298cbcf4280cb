// The mail a test app's service sent (TestApp.mail), read as a person would.
import type { TestApp } from '../../../../test/support/test-app.js';

/** The token of the latest link of this purpose mailed to the address, once queued mail has been delivered. */
export async function mailedToken(t: TestApp, email: string, purpose: 'email_verification' | 'password_reset' | 'account_claim' = 'email_verification'): Promise<string> {
  await t.deliverMail();
  return tokenOfLink(t.mail.filter((m) => m.purpose === purpose && m.to === email).at(-1)?.text, `no ${purpose} mail for ${email}`);
}

/** The token in the query of the first https link of a mail's text. */
export function tokenOfLink(text: string | undefined, missing: string): string {
  const link = text?.match(/https:\/\/\S+/)?.[0];
  if (!link) throw new Error(missing);
  return new URL(link).searchParams.get('token')!;
}
