/** Shapes of the API answers this app reads (snake_case, as the server sends them). */

export interface Paged<T> {
  count: number;
  /** The server estimated a count above its exact-count limit (lists of many lakh rows). */
  count_is_estimate?: boolean;
  next: string | null;
  previous: string | null;
  results: T[];
}

export type QueryValue = string | number | boolean | null | undefined | Array<string | number>;
export type QueryParams = Record<string, QueryValue>;

export interface ListParams {
  limit?: number;
  offset?: number;
  ordering?: string;
  search?: string;
}

export interface IdName {
  id: number;
  name: string;
}

export interface CurrentUser {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  is_active: boolean;
  company: { id: number; name: string; is_verified: boolean; is_marketing_enabled: boolean };
  branches: IdName[];
  role: { id: number; display_name: string } | null;
  access_permissions: { navigation: string[] | 'all'; permissions: string[] } | null;
}

export interface Session {
  access_token: string;
  /** Sent to API clients only; the browser keeps its refresh token as an HttpOnly cookie. */
  refresh_token?: string;
  expires_in: number;
  token_type: 'Bearer';
  user?: unknown;
  company?: unknown;
  branches?: unknown;
}
