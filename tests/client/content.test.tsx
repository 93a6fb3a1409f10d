import { render, screen } from '@testing-library/react';
import { RichText } from '../../client/src/components/content/rich-text';
import { clientOptions, setContentReader, type ContentReader, type EntryQuery } from '../../client/src/lib/content/contentful-client';
import { importantSafetyInformation, prescribingInformation, readTextCopyFx, safetyInformationHeader } from '../../client/src/stores/content';

const fakeReader = (entries: Record<string, { fields: Record<string, unknown> }[]>) => {
  const queries: EntryQuery[] = [];
  const reader: ContentReader = {
    siteId: 'rewards',
    getEntries: async <F,>(query: EntryQuery) => {
      queries.push(query);
      const items = (entries[String(query.content_type)] ?? []).map((e, i) => ({ sys: { id: `e${i}` }, fields: e.fields as F }));
      return { total: items.length, items };
    },
  };
  return { reader, queries };
};

afterEach(() => setContentReader(null));

describe('content states', () => {
  it('start not loaded with empty contents, then load once, asking with the spec filters', async () => {
    const { reader, queries } = fakeReader({
      prescribingInformation: [{ fields: { title: 'PI', order: 1 } }],
      importantSafetyInformation: [{ fields: { heading: 'ISI', order: 1 } }],
      importantSafetyInformationHeader: [{ fields: { title: 'HEADER', summary: 's' } }],
    });
    setContentReader(reader);
    expect(prescribingInformation.$state.getState()).toEqual({ isLoaded: false, contents: [] });
    expect(safetyInformationHeader.$state.getState()).toEqual({ isLoaded: false, contents: null });
    prescribingInformation.requested();
    prescribingInformation.requested();
    await new Promise((r) => setTimeout(r, 0));
    expect(prescribingInformation.$state.getState()).toEqual({ isLoaded: true, contents: [{ title: 'PI', order: 1 }] });
    await importantSafetyInformation.loadFx();
    await safetyInformationHeader.loadFx();
    expect(safetyInformationHeader.$state.getState().contents).toEqual({ title: 'HEADER', summary: 's' });
    expect(queries.filter((q) => q.content_type === 'prescribingInformation')).toEqual([{ content_type: 'prescribingInformation', order: 'fields.order' }]);
    expect(queries).toContainEqual({ content_type: 'importantSafetyInformation', 'fields.siteId': 'rewards', order: 'fields.order' });
    expect(queries).toContainEqual({ content_type: 'importantSafetyInformationHeader', 'fields.siteId': 'rewards', limit: 1 });
  });

  it('reads text copy from items[0].fields.copy, falling back to {}', async () => {
    setContentReader(fakeReader({ textCopy: [{ fields: { key: 'k', copy: { text: 'Hello' } } }] }).reader);
    await expect(readTextCopyFx('k')).resolves.toEqual({ text: 'Hello' });
    setContentReader(fakeReader({}).reader);
    await expect(readTextCopyFx('k')).resolves.toEqual({});
  });
});

describe('the contentful client options', () => {
  it('point at our own delivery endpoint by default, and at Contentful for a configured space', () => {
    const here = { host: 'localhost:3000', protocol: 'http:' };
    expect(clientOptions({ space: 'rewards-local', accessToken: 't', environment: 'master', local: true }, here)).toMatchObject({
      space: 'rewards-local',
      environment: 'master',
      host: 'localhost:3000',
      basePath: '/cda',
      insecure: true,
      timeout: 30000,
      retryLimit: 5,
    });
    const real = clientOptions({ space: 'abc', accessToken: 'tok', environment: 'master', local: false }, here);
    expect(real).toMatchObject({ space: 'abc', accessToken: 'tok' });
    expect(real).not.toHaveProperty('host');
    expect(real).not.toHaveProperty('basePath');
  });
});

describe('rich text', () => {
  it('renders paragraphs and a safe subset of a rich-text document, never raw HTML', () => {
    const { container } = render(
      <RichText
        paragraphs={['<b>not bold</b>']}
        body={{
          nodeType: 'document',
          content: [
            { nodeType: 'paragraph', content: [{ nodeType: 'text', value: 'Bold', marks: [{ type: 'bold' }] }] },
            { nodeType: 'hyperlink', data: { uri: 'javascript:alert(1)' }, content: [{ nodeType: 'text', value: 'bad link' }] },
            { nodeType: 'hyperlink', data: { uri: '/faq' }, content: [{ nodeType: 'text', value: 'FAQ' }] },
            { nodeType: 'embedded-entry-block', content: [] },
          ],
        }}
      />,
    );
    expect(screen.getByText('<b>not bold</b>')).toBeTruthy();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('strong')?.textContent).toBe('Bold');
    expect(screen.getByText('bad link').closest('a')).toBeNull();
    expect(screen.getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe('/faq');
  });
});
