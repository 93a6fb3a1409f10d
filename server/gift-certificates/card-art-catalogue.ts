import type { ContentfulSpace } from '../config';
import type pg from 'pg';
import { listContent } from '../content/content-repository';
import { Problem, validationProblem } from '../core/problem';

/** Which of these ids are `eGiftCardArt` entries, with their titles. */
export type FindCardArt = (ids: readonly string[]) => Promise<Map<string, string>>;

const titleOf = (fields: Record<string, unknown> | undefined, id: string) => (typeof fields?.title === 'string' ? fields.title : id);

/** Our own content table: the delivery endpoint the browser reads by default. */
export const localCardArt =
  (pool: pg.Pool): FindCardArt =>
  async (ids) => {
    const wanted = new Set(ids);
    const rows = await listContent(pool, 'eGiftCardArt');
    return new Map(rows.filter((r) => wanted.has(r.id)).map((r) => [r.id, titleOf(r.fields, r.id)]));
  };

interface DeliveryAnswer {
  items?: { sys?: { id?: unknown }; fields?: Record<string, unknown> }[];
}

/**
 * A configured Contentful space: the browser offers that space's art, so checkout must judge ids by it too (our own
 * table would refuse every one of them). When Contentful does not answer, nothing is bought: 503, try again.
 */
export const contentfulCardArt =
  (space: string, accessToken: string, environment: string, fetchImpl: typeof fetch = fetch): FindCardArt =>
  async (ids) => {
    const url = new URL(`https://cdn.contentful.com/spaces/${encodeURIComponent(space)}/environments/${encodeURIComponent(environment)}/entries`);
    url.searchParams.set('content_type', 'eGiftCardArt');
    url.searchParams.set('sys.id[in]', ids.join(','));
    url.searchParams.set('limit', String(ids.length));
    const res = await fetchImpl(url, { headers: { authorization: `Bearer ${accessToken}` }, signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
    if (!res?.ok) throw new Problem('unavailable', 'The gift card designs could not be checked just now; nothing was bought. Please try again.');
    const answer = (await res.json()) as DeliveryAnswer;
    const found = new Map<string, string>();
    for (const item of answer.items ?? []) if (typeof item.sys?.id === 'string') found.set(item.sys.id, titleOf(item.fields, item.sys.id));
    return found;
  };

/** The same choice of content source as GET /client-config makes for the browser. */
export const cardArtSource = (pool: pg.Pool, contentful: ContentfulSpace | undefined): FindCardArt =>
  contentful ? contentfulCardArt(contentful.space, contentful.accessToken, contentful.environment) : localCardArt(pool);

/** A line's art must be an `eGiftCardArt` entry; null or absent leaves the certificate with its category's art. */
export async function assertCardArtExists(items: readonly { selectedCardArt?: string | null }[], findCardArt: FindCardArt): Promise<void> {
  const ids = [...new Set(items.flatMap((item) => (typeof item.selectedCardArt === 'string' ? [item.selectedCardArt] : [])))];
  if (!ids.length) return;
  const known = await findCardArt(ids);
  const errors = items.flatMap((item, i) =>
    typeof item.selectedCardArt === 'string' && !known.has(item.selectedCardArt)
      ? [{ path: `body.items.${i}.selectedCardArt`, message: 'must be the id of a gift card design (eGiftCardArt), or null' }]
      : [],
  );
  if (errors.length) throw validationProblem(errors);
}

/**
 * Remembers designs' titles for `ttlMs`. The certificate reconciler names designs in gift e-mails inside its batch
 * transaction; a remote content service answering slowly there would hold every log reader back, and titles of
 * designs a member just chose at checkout are almost always already known.
 */
export const rememberingCardArt = (find: FindCardArt, ttlMs = 10 * 60_000, now: () => number = Date.now): FindCardArt => {
  const known = new Map<string, { title: string; until: number }>();
  return async (ids) => {
    const at = now();
    const missing = ids.filter((id) => !((known.get(id)?.until ?? 0) > at));
    if (missing.length) for (const [id, title] of await find(missing)) known.set(id, { title, until: at + ttlMs });
    return new Map(ids.flatMap((id) => (known.has(id) && known.get(id)!.until > at ? [[id, known.get(id)!.title] as const] : [])));
  };
};
