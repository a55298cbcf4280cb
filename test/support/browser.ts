// A minimal browser for sign-in flows through real identity providers: it keeps
// cookies per host (as browsers do, whatever the port), follows redirects one by one
// so a test can stop at the one that leaves for a place nobody listens on, and reads
// and submits HTML forms (a provider's login form, a SAML auto-submit form).

export interface Page {
  url: string;
  status: number;
  /** The Location of a redirect, resolved against the page's URL. */
  location?: string;
  html: string;
}

export interface HtmlForm {
  /** The form's action resolved against the page's URL. */
  action: string;
  method: string;
  id?: string;
  name?: string;
  /** Every named input with its value (hidden ones included). */
  fields: Record<string, string>;
}

const decodeEntities = (text: string): string =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const attributesOf = (tag: string): Record<string, string> => {
  const attributes: Record<string, string> = {};
  for (const match of tag.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
    attributes[match[1]!.toLowerCase()] = decodeEntities(match[3] ?? match[4] ?? '');
  }
  return attributes;
};

/** The forms of an HTML page. */
export function formsOf(page: Page): HtmlForm[] {
  return [...page.html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)].map((match) => {
    const attributes = attributesOf(match[1]!);
    const fields: Record<string, string> = {};
    for (const input of match[2]!.matchAll(/<input\b([^>]*)>/gi)) {
      const inputAttributes = attributesOf(input[1]!);
      if (inputAttributes.name) fields[inputAttributes.name] = inputAttributes.value ?? '';
    }
    return {
      action: new URL(attributes.action ?? page.url, page.url).toString(),
      method: (attributes.method ?? 'get').toLowerCase(),
      id: attributes.id,
      name: attributes.name,
      fields,
    };
  });
}

export class Browser {
  private readonly cookies = new Map<string, Map<string, string>>();

  /** One request, no redirect followed; cookies sent and kept. */
  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Page> {
    const target = new URL(url);
    const jar = this.cookies.get(target.hostname);
    const headers: Record<string, string> = {};
    if (jar && jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(target, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      redirect: 'manual',
    });
    this.keepCookies(target.hostname, response.headers.getSetCookie());
    const location = response.headers.get('location');
    return { url: target.toString(), status: response.status, location: location ? new URL(location, target).toString() : undefined, html: await response.text() };
  }

  /**
   * Requests the URL and follows redirects while `until` does not claim the next one;
   * returns the last page fetched, or the redirect `until` stopped at (its Location unfollowed).
   */
  async follow(url: string, until: (location: string) => boolean = () => false, init: { method?: string; form?: Record<string, string> } = {}): Promise<Page> {
    let page = await this.request(url, init);
    for (let hops = 0; page.location && hops < 20; hops++) {
      if (until(page.location)) return page;
      page = await this.request(page.location);
    }
    if (page.location && !until(page.location)) throw new Error(`more than 20 redirects from ${url}`);
    return page;
  }

  /** Submits the form with the fields given over its own, following redirects as `follow` does. */
  async submit(form: HtmlForm, fields: Record<string, string> = {}, until?: (location: string) => boolean): Promise<Page> {
    const values = { ...form.fields, ...fields };
    if (form.method === 'post') return this.follow(form.action, until, { form: values });
    const target = new URL(form.action);
    for (const [name, value] of Object.entries(values)) target.searchParams.set(name, value);
    return this.follow(target.toString(), until);
  }

  private keepCookies(hostname: string, setCookies: string[]): void {
    let jar = this.cookies.get(hostname);
    if (!jar) this.cookies.set(hostname, (jar = new Map()));
    for (const setCookie of setCookies) {
      const [pair, ...attributes] = setCookie.split(';');
      const separator = pair!.indexOf('=');
      const name = pair!.slice(0, separator).trim();
      const value = pair!.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age\s*=\s*0\s*$/i.test(attribute) || /^\s*expires\s*=\s*Thu, 01 Jan 1970/i.test(attribute));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }
}
