import { envUrl } from '../../core/env-url.ts';
import type { AdPlatformClients } from '../../core/ports/ad-platforms.ts';
import { createGoogleAdsClient, type GoogleAdsConfig } from './google-ads-client.ts';
import { createMetaAdsClient, type MetaAdsConfig } from './meta-ads-client.ts';

export interface AdPlatformsConfig {
  google?: GoogleAdsConfig;
  meta?: MetaAdsConfig;
  /** ADS_OAUTH_REDIRECT_URL: where the platforms send the user back; else PUBLIC_URL's /ads-account-verifications. */
  redirectUrl?: string;
}

/**
 * Google Ads: GOOGLE_ADS_CLIENT_ID, GOOGLE_ADS_CLIENT_SECRET (an OAuth client of a Google Cloud
 * project) and GOOGLE_ADS_DEVELOPER_TOKEN (the Google Ads API's); optionally
 * GOOGLE_ADS_LOGIN_CUSTOMER_ID (a manager account), GOOGLE_ADS_API_VERSION, and the endpoints
 * GOOGLE_OAUTH_AUTHORIZE_URL, GOOGLE_OAUTH_TOKEN_URL, GOOGLE_ADS_API_URL, GOOGLE_MERCHANT_API_URL.
 * Meta: META_ADS_CLIENT_ID and META_ADS_CLIENT_SECRET (a Meta app's id and secret); optionally
 * META_GRAPH_VERSION, META_OAUTH_AUTHORIZE_URL and META_GRAPH_URL.
 * A platform whose client is not fully set is absent: its connect button says it is not configured.
 */
export function readAdPlatformsConfig(
  env: Record<string, string | undefined> = process.env,
): AdPlatformsConfig {
  const config: AdPlatformsConfig = {};
  const googleId = env.GOOGLE_ADS_CLIENT_ID?.trim();
  const googleSecret = env.GOOGLE_ADS_CLIENT_SECRET?.trim();
  const developerToken = env.GOOGLE_ADS_DEVELOPER_TOKEN?.trim();
  if (googleId && googleSecret && developerToken) {
    config.google = {
      clientId: googleId,
      clientSecret: googleSecret,
      developerToken,
      loginCustomerId: env.GOOGLE_ADS_LOGIN_CUSTOMER_ID?.replace(/-/g, '').trim() || undefined,
      apiVersion: env.GOOGLE_ADS_API_VERSION?.trim() || 'v21',
      authorizeUrl: envUrl(env, 'GOOGLE_OAUTH_AUTHORIZE_URL', 'https://accounts.google.com/o/oauth2/v2/auth'),
      tokenUrl: envUrl(env, 'GOOGLE_OAUTH_TOKEN_URL', 'https://oauth2.googleapis.com/token'),
      apiUrl: envUrl(env, 'GOOGLE_ADS_API_URL', 'https://googleads.googleapis.com'),
      merchantApiUrl: envUrl(env, 'GOOGLE_MERCHANT_API_URL', 'https://merchantapi.googleapis.com'),
    };
  }
  const metaId = env.META_ADS_CLIENT_ID?.trim();
  const metaSecret = env.META_ADS_CLIENT_SECRET?.trim();
  if (metaId && metaSecret) {
    const version = env.META_GRAPH_VERSION?.trim() || 'v21.0';
    config.meta = {
      clientId: metaId,
      clientSecret: metaSecret,
      graphVersion: version,
      authorizeUrl: envUrl(
        env,
        'META_OAUTH_AUTHORIZE_URL',
        `https://www.facebook.com/${version}/dialog/oauth`,
      ),
      graphUrl: envUrl(env, 'META_GRAPH_URL', 'https://graph.facebook.com'),
    };
  }
  const redirect = env.ADS_OAUTH_REDIRECT_URL?.trim();
  if (redirect) config.redirectUrl = envUrl(env, 'ADS_OAUTH_REDIRECT_URL', redirect);
  return config;
}

export function createAdPlatformClients(config: AdPlatformsConfig | undefined): AdPlatformClients {
  return {
    ...(config?.google && { google_ads: createGoogleAdsClient(config.google) }),
    ...(config?.meta && { meta: createMetaAdsClient(config.meta) }),
  };
}
