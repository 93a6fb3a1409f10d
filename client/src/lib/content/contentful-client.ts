import { loadClientConfig, type ClientConfig } from '../client-config';

export type EntryQuery = Record<string, string | number | undefined>;

export interface EntryCollection<F> {
  total: number;
  items: { sys: { id: string }; fields: F }[];
}

export interface ContentReader {
  siteId: string;
  getEntries<F>(query: EntryQuery): Promise<EntryCollection<F>>;
}

const CONTENT_TIMEOUT_MS = 30_000;
const CONTENT_RETRIES = 5;

/** Our own endpoint by default; a configured real space goes to Contentful's CDN. */
export const clientOptions = (config: ClientConfig['contentful'], location: Pick<Location, 'host' | 'protocol'>) => ({
  space: config.space,
  environment: config.environment,
  accessToken: config.accessToken,
  timeout: CONTENT_TIMEOUT_MS,
  retryLimit: CONTENT_RETRIES,
  ...(config.local ? { host: location.host, basePath: '/cda', insecure: location.protocol === 'http:' } : {}),
});

let reader: Promise<ContentReader> | null = null;

/** The contentful SDK is about 50 kB gzipped, so it loads only when some content is first asked for. */
export const contentReader = (): Promise<ContentReader> => {
  reader ??= Promise.all([loadClientConfig(), import('contentful')])
    .then(([config, { createClient }]) => {
      const client = createClient(clientOptions(config.contentful, window.location));
      return {
        siteId: config.siteId,
        getEntries: async <F>(query: EntryQuery) => {
          const answer = await client.getEntries(query as Parameters<typeof client.getEntries>[0]);
          return { total: answer.total, items: answer.items.map((item) => ({ sys: { id: item.sys.id }, fields: item.fields as F })) };
        },
      };
    })
    .catch((error: unknown) => {
      reader = null;
      throw error;
    });
  return reader;
};

/** Tests swap the reader for a fake. */
export const setContentReader = (fake: ContentReader | null) => {
  reader = fake ? Promise.resolve(fake) : null;
};
