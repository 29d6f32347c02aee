import type { TallyClient, TallyConfig } from '../../core/ports/tally.ts';

/**
 * TALLY_URL: the address of Tally's HTTP XML server (http://192.168.1.20:9000); TALLY_COMPANY: the
 * company's name in Tally (optional). Returns undefined when TALLY_URL is not set (posting off).
 */
export function readTallyConfig(
  env: Record<string, string | undefined> = process.env,
): TallyConfig | undefined {
  const url = env.TALLY_URL?.trim();
  if (!url) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`TALLY_URL is not a URL: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`TALLY_URL must be an http(s) URL (Tally listens on port 9000): ${url}`);
  }
  return { url: url.replace(/\/+$/, ''), company: env.TALLY_COMPANY?.trim() || null };
}

/** Tally answers a large import slowly (it posts every voucher before replying). */
const TIMEOUT_MS = 120_000;

export function createHttpTallyClient(config: TallyConfig): TallyClient {
  return {
    company: config.company,
    async importXml(xml) {
      const response = await fetch(config.url, {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8' },
        body: xml,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`Tally answered HTTP ${response.status}: ${text.slice(0, 200)}`);
      return text;
    },
  };
}
