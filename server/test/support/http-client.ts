import { request } from 'node:http';

/** A tiny HTTP client for tests that keeps cookies like a browser (one jar per client). */
export class TestClient {
  readonly cookies = new Map<string, string>();
  readonly baseUrl: string;
  readonly headers: Record<string, string>;

  constructor(baseUrl: string, headers: Record<string, string> = {}) {
    this.baseUrl = baseUrl;
    this.headers = headers;
  }

  async request(
    method: string,
    path: string,
    init: { json?: unknown; body?: string | FormData | ReadableStream; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...this.headers, ...init.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | FormData | ReadableStream | undefined = init.body;
    if (init.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(init.json);
    }
    // A stream body goes out chunked (fetch wants duplex for it).
    const response = await fetch(new URL(path, this.baseUrl), { method, headers, body, redirect: 'manual', duplex: 'half' } as RequestInit);
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.trim());
    }
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: test bodies are checked field by field by each assertion
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, { headers });
  }
  post(path: string, json?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, { json: json ?? {}, headers });
  }
  put(path: string, json?: unknown, headers?: Record<string, string>) {
    return this.request('PUT', path, { json: json ?? {}, headers });
  }
  delete(path: string, json?: unknown) {
    return this.request('DELETE', path, json === undefined ? {} : { json });
  }
  postForm(path: string, fields: Record<string, string>) {
    return this.request('POST', path, {
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
  postMultipart(path: string, fields: Record<string, string>) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    return this.request('POST', path, { body: form });
  }
}

/** A GET with the path sent exactly as given (fetch would resolve "//host/" to another host). */
export function rawGet(base: string, path: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    request({ host: hostname === 'localhost' ? '127.0.0.1' : hostname, port, path }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location }));
    })
      .on('error', reject)
      .end();
  });
}
