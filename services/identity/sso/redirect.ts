/**
 * A 302 of the sign-in routes, with the Set-Cookie of the browser binding when it
 * changes. Not cached, and the address (which may carry the one-time code) is not
 * handed on as a referrer.
 */
export const redirectTo = (location: string, bindingCookie?: string): { status: 302; headers: Record<string, string> } => ({
  status: 302,
  headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', ...(bindingCookie === undefined ? {} : { 'set-cookie': bindingCookie }) },
});
