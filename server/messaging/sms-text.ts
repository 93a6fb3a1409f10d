/*
 * What a text message may be: a US number in E.164, and a body within two segments. A longer body would be split
 * into three or more parts that phones may show out of order, and each part is billed.
 */

/** `9495551234`, `1-949-555-1234`, `(949) 555-1234` or `+19495551234` → `+19495551234`; anything else: null. */
export function toE164(phone: string): string | null {
  const trimmed = phone.trim();
  if (/^\+[1-9]\d{7,14}$/.test(trimmed)) return trimmed;
  const digits = trimmed.replace(/[\s().-]/g, '');
  if (/^\d{10}$/.test(digits)) return `+1${digits}`;
  if (/^1\d{10}$/.test(digits)) return `+${digits}`;
  return null;
}

// The GSM 03.38 basic set and its extension (each extension character costs two septets).
const GSM_BASIC = new Set('@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà');
const GSM_EXTENDED = new Set('^{}\\[~]|€');

/** How many segments a body is sent as: GSM-7 160 alone or 153 per part; otherwise UCS-2, 70 alone or 67 per part. */
export function smsSegments(body: string): number {
  const chars = [...body];
  if (chars.every((c) => GSM_BASIC.has(c) || GSM_EXTENDED.has(c))) {
    const septets = chars.reduce((n, c) => n + (GSM_EXTENDED.has(c) ? 2 : 1), 0);
    return septets <= 160 ? 1 : Math.ceil(septets / 153);
  }
  // UCS-2 counts UTF-16 code units: a character outside the basic plane (an emoji) takes two.
  const units = body.length;
  return units <= 70 ? 1 : Math.ceil(units / 67);
}

export const MAX_SMS_SEGMENTS = 2;
