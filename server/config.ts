import type { ExternalAdminTool } from '../event-schemas/contract/programme-info';
/**
 * Settings: the only module that reads the environment. Programme settings reach routes, jobs and read models
 * through the composition root; server settings say where the process listens and which stores it uses.
 */
import { DEFAULT_PROGRAMME_TIME_ZONE } from '../event-schemas/calendar';
import { DEFAULT_PASSWORD_HASH_COST, PASSWORD_HASH_COSTS } from './auth/passwords';

/** A real Contentful space to read content from, instead of the server's own delivery endpoint. */
export interface ContentfulSpace {
  space: string;
  accessToken: string;
  environment: string;
}

/** Programme settings. Defaults are the spec's where it gives one; each can be set from the environment. */
export interface ProgrammeSettings {
  timeZone: string;
  pointsExpiryMonths: number;
  /** Points per dollar of reward certificate value (the spec's divisor): 100 points / 10 = $10. */
  redemptionDivisor: number;
  /** Most partner-purchase points a member earns per day (PARTNER_DAILY_POINTS_LIMIT; default 500, see README). */
  partnerDailyPointsLimit: number;
  /** Points for a member whose referred friend completes a first treatment (REFERRER_REWARD_POINTS; default 200; 0 = none). */
  referrerRewardPoints: number;
  /** Points for the referred friend on that first treatment (REFERRED_REWARD_POINTS; default 100; 0 = none). */
  referredRewardPoints: number;
  /** CONTENTFUL_SPACE_ID + CONTENTFUL_ACCESS_TOKEN (+ CONTENTFUL_ENVIRONMENT): unset means our own content. */
  contentful?: ContentfulSpace;
  /** CONTENT_SITE_ID: the site whose content entries the portal reads (default `rewards`). */
  contentSiteId?: string;
  /** PUBLIC_URL: where members reach the portal, for the links in e-mails and texts (default http://localhost:PORT). */
  publicUrl: string;
  /** WELCOME_CERTIFICATE_CATEGORY: the category of the certificate every new member gets (default WELCOME; empty: none). */
  welcomeCertificateCategory: string | null;
  /** The external admin tool the admin pages link to (admin spec): its host prefix per portal host name, and a fallback. */
  externalAdminTool: ExternalAdminTool;
  /** PASSWORD_HASH_COST: scrypt's cost for new password hashes, log2 of N (default 15; 10 to 17; see server/auth/passwords.ts). */
  passwordHashCost: number;
}

/**
 * EXTERNAL_ADMIN_TOOL_HOSTS: `portal-host=prefix` pairs, comma-separated (`rewards.example.com=https://admin.example.com`),
 * so each environment's portal links to its own admin tool; EXTERNAL_ADMIN_TOOL_URL: the prefix for any other host.
 * Neither set: no link is shown.
 */
export type { ExternalAdminTool };

/** Where the process listens and which stores it uses. */
export interface ServerSettings {
  port: number;
  /** Folder of the embedded PostgreSQL (DATA_DIR; default `.data`). */
  dataDir: string;
  /** DATABASE_URL: use this PostgreSQL instead of the embedded one. */
  databaseUrl?: string;
  /** EMBEDDED_PG_PORT: unset prefers 54329 (any free port when taken); set means exactly that port, 0 any free one. */
  embeddedPgPort?: number;
  /** EVENTSTORE_CONNECTION_STRING: EventStoreDB as the event store. */
  eventStoreConnectionString?: string;
  /** DEMO_HISTORY: on the embedded default, give the demo member a year of history (default on; `off` leaves it empty). */
  demoHistory: boolean;
  /** LOG_LEVEL: pino's level (default info). */
  logLevel: string;
  /** LOG_FORMAT: `json` or `pretty`; unset means pretty when a person watches a terminal, JSON otherwise. */
  logFormat: 'json' | 'pretty' | undefined;
}

type Env = Record<string, string | undefined>;

/** The programme's calendar unless PROGRAMME_TIME_ZONE says otherwise. */
export const DEFAULT_TIME_ZONE = DEFAULT_PROGRAMME_TIME_ZONE;

const intFromEnv = (name: string, fallback: number, env: Env = process.env): number => {
  const v = env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, not ${v}`);
  return n;
};

/** A divisor of 0 would make every certificate worth infinity. */
const positive = (name: string, n: number): number => {
  if (n <= 0) throw new Error(`${name} must be above 0`);
  return n;
};

/** A setting outside its range stops the start, naming it. */
const inRange = (name: string, n: number, range: { min: number; max: number }): number => {
  if (n < range.min || n > range.max) throw new Error(`${name} must be from ${range.min} to ${range.max}, not ${n}`);
  return n;
};

const contentfulFromEnv = (env: Env): ContentfulSpace | undefined =>
  env.CONTENTFUL_SPACE_ID && env.CONTENTFUL_ACCESS_TOKEN
    ? { space: env.CONTENTFUL_SPACE_ID, accessToken: env.CONTENTFUL_ACCESS_TOKEN, environment: env.CONTENTFUL_ENVIRONMENT || 'master' }
    : undefined;

/** An http(s) URL without a trailing slash; anything else stops the start, naming the setting. */
const prefixUrl = (name: string, value: string): string => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must hold http(s) URLs, not ${value}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must hold http(s) URLs, not ${value}`);
  return value.replace(/\/+$/, '');
};

const externalAdminToolFromEnv = (env: Env): ExternalAdminTool => {
  const hostPrefixes: Record<string, string> = {};
  for (const pair of (env.EXTERNAL_ADMIN_TOOL_HOSTS ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new Error(`EXTERNAL_ADMIN_TOOL_HOSTS must be host=url pairs separated by commas, not ${pair}`);
    hostPrefixes[pair.slice(0, at).trim().toLowerCase()] = prefixUrl('EXTERNAL_ADMIN_TOOL_HOSTS', pair.slice(at + 1).trim());
  }
  const fallback = env.EXTERNAL_ADMIN_TOOL_URL?.trim();
  return { hostPrefixes, defaultPrefix: fallback ? prefixUrl('EXTERNAL_ADMIN_TOOL_URL', fallback) : null };
};

export const settingsFromEnv = (env: Env = process.env): ProgrammeSettings => ({
  timeZone: env.PROGRAMME_TIME_ZONE || DEFAULT_TIME_ZONE,
  pointsExpiryMonths: intFromEnv('POINTS_EXPIRY_MONTHS', 12, env),
  redemptionDivisor: positive('REDEMPTION_DIVISOR', intFromEnv('REDEMPTION_DIVISOR', 10, env)),
  partnerDailyPointsLimit: intFromEnv('PARTNER_DAILY_POINTS_LIMIT', 500, env),
  // 0 turns that side's reward off (an award of 0 points is never written).
  referrerRewardPoints: intFromEnv('REFERRER_REWARD_POINTS', 200, env),
  referredRewardPoints: intFromEnv('REFERRED_REWARD_POINTS', 100, env),
  contentful: contentfulFromEnv(env),
  contentSiteId: env.CONTENT_SITE_ID || undefined,
  welcomeCertificateCategory: env.WELCOME_CERTIFICATE_CATEGORY === undefined ? 'WELCOME' : env.WELCOME_CERTIFICATE_CATEGORY.trim() || null,
  publicUrl: (env.PUBLIC_URL || `http://localhost:${intFromEnv('PORT', 3000, env)}`).replace(/\/+$/, ''),
  externalAdminTool: externalAdminToolFromEnv(env),
  passwordHashCost: inRange('PASSWORD_HASH_COST', intFromEnv('PASSWORD_HASH_COST', DEFAULT_PASSWORD_HASH_COST, env), PASSWORD_HASH_COSTS),
});

/** An absolute link into the portal, for a message that leaves the site. */
export const portalLink = (settings: Pick<ProgrammeSettings, 'publicUrl'>, pathAndQuery: string): string => `${settings.publicUrl}${pathAndQuery}`;

export const serverSettingsFromEnv = (env: Env = process.env): ServerSettings => ({
  port: intFromEnv('PORT', 3000, env),
  // An empty DATA_DIR= would put the cluster's files in the working directory: it means the default.
  dataDir: env.DATA_DIR || '.data',
  databaseUrl: env.DATABASE_URL || undefined,
  embeddedPgPort: env.EMBEDDED_PG_PORT === undefined || env.EMBEDDED_PG_PORT === '' ? undefined : intFromEnv('EMBEDDED_PG_PORT', 0, env),
  eventStoreConnectionString: env.EVENTSTORE_CONNECTION_STRING || undefined,
  demoHistory: env.DEMO_HISTORY !== 'off',
  logLevel: env.LOG_LEVEL || 'info',
  logFormat: env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty' ? env.LOG_FORMAT : undefined,
});

/** Where messages go: SMTP and Twilio when configured, the demo mailbox (the outbox table) otherwise. */
export interface MessagingSettings {
  /** SMTP_URL + MAIL_FROM; unset: e-mails go to the demo mailbox. */
  smtp?: { url: string; from: string };
  /** MAIL_FROM's domain, for Message-IDs (also without SMTP, so the demo mailbox's ids look alike). */
  messageIdDomain: string;
  /** TWILIO_ACCOUNT_SID + TWILIO_AUTH_TOKEN (+ TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID); unset: the demo mailbox. */
  twilio?: { accountSid: string; authToken: string; from?: string; messagingServiceSid?: string; apiBaseUrl?: string };
  /** OUTBOX_DISPATCH: `off` leaves the outbox undelivered in this process (another process dispatches). */
  dispatch: boolean;
}

/** The address part of `Name <a@b>` or `a@b`. */
const addressOf = (from: string): string => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

export const messagingSettingsFromEnv = (env: Env = process.env): MessagingSettings => {
  const publicHost = new URL(env.PUBLIC_URL || 'http://localhost').hostname;
  const from = env.MAIL_FROM?.trim() || `Rewards <no-reply@${publicHost}>`;
  if (!/^[^@\s<>]+@[^@\s<>]+$/.test(addressOf(from))) throw new Error(`MAIL_FROM must be an address or "Name <address>", not ${from}`);
  const smtpUrl = env.SMTP_URL?.trim();
  if (smtpUrl && !/^smtps?:\/\//i.test(smtpUrl)) throw new Error('SMTP_URL must start with smtp:// or smtps://');
  const sid = env.TWILIO_ACCOUNT_SID?.trim();
  const token = env.TWILIO_AUTH_TOKEN?.trim();
  const twilioFrom = env.TWILIO_FROM_NUMBER?.trim() || undefined;
  const service = env.TWILIO_MESSAGING_SERVICE_SID?.trim() || undefined;
  if (sid && token && !twilioFrom && !service) throw new Error('TWILIO_ACCOUNT_SID is set: set TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID too');
  return {
    smtp: smtpUrl ? { url: smtpUrl, from } : undefined,
    messageIdDomain: addressOf(from).split('@')[1],
    twilio:
      sid && token
        ? { accountSid: sid, authToken: token, from: twilioFrom, messagingServiceSid: service, apiBaseUrl: env.TWILIO_API_BASE_URL?.trim() || undefined }
        : undefined,
    dispatch: env.OUTBOX_DISPATCH !== 'off',
  };
};
