import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { RequestHandler } from 'express';
import type { ProgrammeSettings } from '../config';

/** Where the contentful SDK reads a configured real space (its default host); our own content is same-origin. */
const CONTENTFUL_CDN = 'https://cdn.contentful.com';

type HeaderSettings = Pick<ProgrammeSettings, 'publicUrl' | 'contentful'>;

/**
 * The page's Content-Security-Policy. Scripts only from this site (the Vite build loads its chunks as files: no
 * inline script, no eval); styles from this site plus, on the page itself, the one nonce of that response.
 *
 * Why a style nonce and not a plain `style-src 'self'`: PrimeReact 10 (styled mode) writes each component's base CSS
 * and the dialogs' and overlays' responsive breakpoints into `<style>` elements it creates at run time
 * (`useStyle` and `DomHandler.createInlineStyle`), which `'self'` refuses. It stamps them with the `nonce` given to
 * `<PrimeReactProvider>`, so the page hands it a fresh nonce per response (see `clientPage`) instead of allowing
 * every inline style with `'unsafe-inline'`. Style attributes stay refused: React and PrimeReact set styles through
 * the CSSOM (`element.style`), which the policy does not govern.
 */
export function contentSecurityPolicy(options: { styleNonce?: string; contentfulCdn: boolean }): string {
  const styles = ["'self'", ...(options.styleNonce ? [`'nonce-${options.styleNonce}'`] : [])];
  const connect = ["'self'", ...(options.contentfulCdn ? [CONTENTFUL_CDN] : [])];
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src ${styles.join(' ')}`,
    "img-src 'self'",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Headers on every answer: the policy (without a style nonce: nothing but the page needs one), no MIME sniffing, no
 * Referer (confirmation and reset links carry their token in the query string), no framing (X-Frame-Options for
 * browsers that predate `frame-ancestors`), HSTS when the portal's public address is https (over plain http it would
 * be ignored, and on a developer's localhost it would pin https for a year).
 *
 * Every API answer defaults to `no-store`: nearly all of them carry a member's data or a session, and a browser's or
 * proxy's copy of one outlives the sign-out. A route that wants otherwise sets its own (the live stream's no-cache).
 */
export const securityHeaders = (settings: HeaderSettings): RequestHandler => {
  const policy = contentSecurityPolicy({ contentfulCdn: settings.contentful !== undefined });
  const https = new URL(settings.publicUrl).protocol === 'https:';
  return (req, res, next) => {
    res.setHeader('Content-Security-Policy', policy);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Frame-Options', 'DENY');
    if (https) res.setHeader('Strict-Transport-Security', 'max-age=31536000');
    if (req.path.startsWith('/api/')) res.setHeader('Cache-Control', 'no-store');
    next();
  };
};

/** The element the client reads the style nonce from (client/src/app/style-nonce.ts); the browser hides its value from CSS selectors. */
export const NONCE_META = 'csp-nonce';

/**
 * The client's page (index.html) with a fresh style nonce: in the policy header and in a `<meta>` the client hands to
 * PrimeReact. Never stored: a cached copy would reuse its nonce.
 */
export const clientPage =
  (clientDir: string, settings: HeaderSettings): RequestHandler =>
  async (_req, res) => {
    const html = await readFile(resolve(clientDir, 'index.html'), 'utf8');
    const nonce = randomBytes(18).toString('base64');
    res.setHeader('Content-Security-Policy', contentSecurityPolicy({ styleNonce: nonce, contentfulCdn: settings.contentful !== undefined }));
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(html.replace('</head>', `  <meta property="${NONCE_META}" nonce="${nonce}" />\n  </head>`));
  };
