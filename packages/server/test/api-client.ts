export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A thin HTTP client over fetch: real requests, JSON in and out, the caller's token if any. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    public token?: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  as(token: string | undefined, headers: Record<string, string> = {}): ApiClient {
    return new ApiClient(this.baseUrl, token, headers);
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...this.headers, ...extraHeaders };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let payload: string | undefined;
    if (body !== undefined) {
      headers['content-type'] ??= 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const response = await fetch(`${this.baseUrl}/${path.replace(/^\//, '')}`, {
      method,
      headers,
      body: payload,
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (CSV, HTML): keep the text.
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body ?? {}, headers);
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, body ?? {});
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body ?? {});
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }
}
