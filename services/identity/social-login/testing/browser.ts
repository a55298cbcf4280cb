// A small browser for end-to-end social sign-ins: it follows redirects one by one,
// keeps each origin's cookies, submits the provider's sign-in and consent forms, and
// hands every request for the service's own origin to the test app in-process
// (the providers run on 127.0.0.1 and are reached over real HTTP).
import type { TestApp } from '../../../../test/support/test-app.js';

export interface Page {
  status: number;
  url: URL;
  location: string | undefined;
  html: string;
}

export interface FormChoice {
  /** Picks the form to submit among those on the page (default: the first). */
  pick?: (hidden: Record<string, string>) => boolean;
  /** Fields typed in besides the hidden ones. */
  fields?: Record<string, string>;
}

export function createBrowser(t: TestApp, serviceOrigin: string) {
  const jars = new Map<string, Map<string, string>>();
  const jarOf = (url: URL) => jars.get(url.origin) ?? jars.set(url.origin, new Map()).get(url.origin)!;
  const keep = (url: URL, setCookies: string[]) => {
    const jar = jarOf(url);
    for (const header of setCookies) {
      const [pair, ...attributes] = header.split(';');
      const [name, ...value] = pair!.split('=');
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value.join('=') === '') jar.delete(name!.trim());
      else jar.set(name!.trim(), value.join('='));
    }
  };
  const cookieHeader = (url: URL): string | undefined => {
    const jar = jarOf(url);
    return jar.size === 0 ? undefined : [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  };

  async function request(method: 'GET' | 'POST', url: URL, form?: URLSearchParams): Promise<Page> {
    const cookie = cookieHeader(url);
    if (url.origin === serviceOrigin) {
      const response = await t.app.fastify.inject({ method, url: `${url.pathname}${url.search}`, headers: { ...(cookie && { cookie }) } });
      const setCookie = response.headers['set-cookie'];
      keep(url, setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]);
      const location = response.headers.location;
      return { status: response.statusCode, url, location: typeof location === 'string' ? location : undefined, html: response.body };
    }
    if (url.hostname !== '127.0.0.1') throw new Error(`the test browser reaches only 127.0.0.1 and the service, not ${url.origin}`);
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: { ...(cookie && { cookie }), ...(form && { 'content-type': 'application/x-www-form-urlencoded' }) },
      body: form,
    });
    keep(url, response.headers.getSetCookie());
    return { status: response.status, url, location: response.headers.get('location') ?? undefined, html: await response.text() };
  }

  /** Follows redirects from the URL until a page that is not one. */
  async function follow(method: 'GET' | 'POST', url: URL, form?: URLSearchParams, until?: (url: URL) => boolean): Promise<Page> {
    let page = await request(method, url, form);
    for (let hops = 0; page.location !== undefined && [301, 302, 303, 307].includes(page.status); hops += 1) {
      if (hops > 20) throw new Error('too many redirects');
      const next = new URL(page.location, page.url);
      if (until?.(next)) return { ...page, url: next };
      page = await request('GET', next);
    }
    return page;
  }

  return {
    /** Opens the URL and follows its redirects; stops before a URL `until` accepts (answering it as the page's url). */
    open: (url: string | URL, until?: (url: URL) => boolean) => follow('GET', new URL(url), undefined, until),
    /** Submits a form of the page with its hidden fields and the given ones, and follows the redirects. */
    async submit(page: Page, choice: FormChoice = {}, until?: (url: URL) => boolean): Promise<Page> {
      const forms = [...page.html.matchAll(/<form\b[^>]*\baction="([^"]*)"[^>]*>([\s\S]*?)<\/form>/g)].map(([, action, inner]) => ({
        action: action!.replaceAll('&amp;', '&'),
        hidden: Object.fromEntries(
          [...inner!.matchAll(/<input\b[^>]*type="hidden"[^>]*>/g)].map(([input]) => [input.match(/name="([^"]*)"/)![1]!, (input.match(/value="([^"]*)"/)?.[1] ?? '').replaceAll('&amp;', '&')]),
        ) as Record<string, string>,
      }));
      const form = forms.find((candidate) => choice.pick?.(candidate.hidden) ?? true);
      if (!form) throw new Error(`no form to submit on ${page.url}: ${page.html.slice(0, 300)}`);
      return follow('POST', new URL(form.action, page.url), new URLSearchParams({ ...form.hidden, ...choice.fields }), until);
    },
  };
}
