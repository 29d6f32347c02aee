/**
 * Zoho Books reached with a company's own OAuth 2.0 authorization (accounts.zoho.in): the
 * authorization-code flow with offline access (a refresh token), token refresh and revocation, the
 * organisations of the account, and the records of Books API v3 (contacts, invoices, credit notes,
 * customer payments) created, updated, found by their number, voided or deleted, and the
 * organisation's taxes (GST per line, zoho-gst.ts). Configured by
 * environment (ZOHO_CLIENT_ID, ZOHO_CLIENT_SECRET; modules/zoho/zoho-books-client.ts).
 */
export interface ZohoTokens {
  accessToken: string;
  /** Zoho gives a refresh token with the first exchange only (access_type=offline). */
  refreshToken: string | null;
  expiresAt: Date | null;
}

export interface ZohoOrganization {
  organization_id: string;
  name: string;
}

/** Books API v3 modules: the path segment and the answer's key of each kind of record. */
export type ZohoModule = 'contacts' | 'invoices' | 'creditnotes' | 'customerpayments';

/**
 * A tax or tax group of the organisation (Books API v3 GET /settings/taxes, India edition):
 * tax_type 'tax' (tax_specific_type 'igst', 'cgst', 'sgst', 'cess', 'nil'…) or 'tax_group' (CGST +
 * SGST, maybe with cess).
 */
export interface ZohoTax {
  tax_id: string;
  tax_name: string;
  tax_percentage: number;
  tax_type: string;
  tax_specific_type: string | null;
  /** False for a tax marked inactive in Zoho: not offered on new documents. */
  is_active: boolean;
}

/** A record saved: its Zoho id, and the document's total as Zoho computed it (null when not answered). */
export interface ZohoSaved {
  id: string;
  total: number | null;
}

export interface ZohoRecordRequest {
  accessToken: string;
  organizationId: string;
  module: ZohoModule;
}

export interface ZohoBooksClient {
  authorizationUrl(options: { state: string; redirectUri: string }): string;
  exchangeCode(options: { code: string; redirectUri: string }): Promise<ZohoTokens>;
  /** A new access token; ZohoAuthorizationRefused when the refresh token is no longer accepted. */
  refresh(refreshToken: string): Promise<ZohoTokens>;
  revoke(refreshToken: string): Promise<void>;
  organizations(accessToken: string): Promise<ZohoOrganization[]>;
  /** Creates the record (zohoId null) or updates it; answers its Zoho id (and total). */
  save(
    request: ZohoRecordRequest & { zohoId: string | null; body: Record<string, unknown> },
  ): Promise<ZohoSaved>;
  /** The organisation's taxes and tax groups, every page. */
  taxes(request: { accessToken: string; organizationId: string }): Promise<ZohoTax[]>;
  /** The Zoho id of the record whose number (contact name, invoice number…) is this, if any. */
  findBy(request: ZohoRecordRequest & { field: string; value: string }): Promise<string | null>;
  /** Voids an invoice or credit note, deletes a payment. */
  close(request: ZohoRecordRequest & { zohoId: string }): Promise<void>;
}

/** The access token was not accepted (HTTP 401): refresh it and ask once more. */
export class ZohoTokenExpired extends Error {}

/** Zoho refuses this authorization for good (revoked, a bad code or refresh token): connect again. */
export class ZohoAuthorizationRefused extends Error {}

/** Zoho answered an error about the request itself (its code and message kept). */
export class ZohoApiError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
    readonly zohoCode: number | null,
  ) {
    super(message);
  }
}
