/**
 * A minimal browser over real HTTP: follows redirects by hand and keeps cookies per host,
 * so an OpenID Connect flow runs exactly as a browser would drive it.
 */
export class TestBrowser {
  private readonly cookies = new Map<string, Map<string, string>>();

  /** Requests `url`, sending and storing cookies; never follows redirects by itself. */
  async request(
    url: string,
    init: { method?: string; form?: Record<string, string> } = {},
  ): Promise<Response> {
    const target = new URL(url);
    const jar = this.cookies.get(target.host) ?? new Map<string, string>();
    this.cookies.set(target.host, jar);
    const headers: Record<string, string> = {};
    if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(target, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }

  /**
   * Follows redirects from `url` until a response is not a redirect, or until the next
   * location satisfies `stop`; returns the last response and the URL it came from (or the
   * stopping location).
   */
  async follow(
    url: string,
    stop: (location: URL) => boolean = () => false,
  ): Promise<{ url: string; response: Response | null }> {
    let current = url;
    for (let hops = 0; hops < 20; hops++) {
      const response = await this.request(current);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { url: current, response };
      await response.body?.cancel();
      const next = new URL(location, current);
      if (stop(next)) return { url: next.toString(), response: null };
      current = next.toString();
    }
    throw new Error('too many redirects');
  }
}
