import express, { type RequestHandler } from 'express';
import { ONE_CLICK_UNSUBSCRIBE_PATH } from '../messaging/consent/one-click-path';
import { Problem } from './problem';

/*
 * The admin spec's promotion wizard sends its record as multipart/form-data with one part named `json` (a browser
 * FormData, so files could ride along later). This reads that part and makes it the request body, so routes decode
 * it like any JSON body. Other parts are ignored. Only the form's own framing is parsed: boundary lines, headers,
 * blank line, content.
 */

const MULTIPART = 'multipart/form-data';
const readRaw = express.raw({ type: MULTIPART, limit: '256kb' });

const invalid = (message: string) => new Problem('validation', 'The form is not valid', [{ path: 'body.json', message }]);

/** The content of the part named `name`, or undefined. */
export function formPart(raw: Buffer, boundary: string, name: string): string | undefined {
  const text = raw.toString('utf8');
  for (const chunk of text.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    const headerEnd = chunk.indexOf('\r\n\r\n');
    if (headerEnd < 0) continue;
    const headers = chunk.slice(0, headerEnd);
    const disposition = /content-disposition:[^\r\n]*;\s*name="([^"]*)"/i.exec(headers);
    if (disposition?.[1] !== name) continue;
    return chunk.slice(headerEnd + 4).replace(/\r\n$/, '');
  }
  return undefined;
}

export const multipartJson: RequestHandler = (req, res, next) => {
  // A mail client's one-click unsubscribe may come as a form with no JSON part; that route reads no body at all.
  if (!req.is(MULTIPART) || req.path === ONE_CLICK_UNSUBSCRIBE_PATH) return next();
  readRaw(req, res, (error?: unknown) => {
    if (error) return next(error);
    const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(req.headers['content-type'] ?? '');
    const raw = req.body as unknown;
    if (!boundary || !Buffer.isBuffer(raw)) return next(invalid('must be multipart/form-data with a boundary'));
    const part = formPart(raw, (boundary[1] ?? boundary[2]).trim(), 'json');
    if (part === undefined) return next(invalid('is required: a form part named json holding the record'));
    try {
      req.body = JSON.parse(part);
    } catch {
      return next(invalid('must be valid JSON'));
    }
    next();
  });
};
