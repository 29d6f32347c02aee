/**
 * A running Tally (TallyPrime or Tally.ERP 9) with its HTTP XML server on (usually port 9000):
 * it takes an import ENVELOPE as the body of a POST and answers a RESPONSE with CREATED, ALTERED,
 * ERRORS and one LINEERROR per refused line. Configured by TALLY_URL (and TALLY_COMPANY, the
 * company's name inside Tally when it is not the product's); without it the Tally export is a file
 * the user imports by hand.
 */
export interface TallyClient {
  /** The Tally company vouchers go to (SVCURRENTCOMPANY); null: the product company's name. */
  company: string | null;
  /** Sends one import envelope and returns Tally's answer as it came. */
  importXml(xml: string): Promise<string>;
}

export interface TallyConfig {
  url: string;
  company: string | null;
}
