import { draftsOf, fieldNamesOfType, fieldsOf } from '../../../client/src/features/content-admin/field-drafts';
import { changedFields, type ContentChange } from '../../../client/src/features/content-admin/model';

describe('content entry field drafts', () => {
  it('edits text as text, flags as flags and anything structured as JSON, and gives the same fields back', () => {
    const fields = { title: 'Season of Glow', active: true, order: 3, paragraphs: ['One', 'Two'], body: { nodeType: 'document', content: [] } };
    const drafts = draftsOf(fields);
    expect(drafts.title).toEqual({ kind: 'text', value: 'Season of Glow' });
    expect(drafts.active).toEqual({ kind: 'flag', value: true });
    expect(drafts.order).toEqual({ kind: 'json', text: '3' });
    expect(fieldsOf(drafts)).toEqual({ fields, errors: {} });
  });

  it('names each field whose JSON does not parse, in words', () => {
    const result = fieldsOf({ title: { kind: 'text', value: 'x' }, body: { kind: 'json', text: '{ "nodeType": ' } });
    expect(result.errors).toEqual({ body: 'The field “body” is not valid JSON: check its brackets, commas and quotes.' });
    expect(result.fields).toEqual({ title: 'x' });
  });

  it('starts a new entry with the union of the fields its type’s entries have, empty', () => {
    expect(fieldNamesOfType([{ fields: { bannerText: 'a', link: '/x' } }, { fields: { bannerText: 'b', tags: ['t'], shown: true } }])).toEqual({
      bannerText: { kind: 'text', value: '' },
      link: { kind: 'text', value: '' },
      tags: { kind: 'json', text: '[]' },
      shown: { kind: 'flag', value: false },
    });
  });

  it('lists the fields a change touched', () => {
    const change: ContentChange = {
      action: 'updated',
      actor: { kind: 'admin', adminId: 1 },
      actorNames: { admin: 'Avery Admin', member: null },
      occurredAt: '2026-03-01T10:00:00Z',
      before: { fields: { a: 1, b: 'x', gone: true } },
      after: { fields: { a: 1, b: 'y', added: [] } },
    };
    expect(changedFields(change)).toEqual(['added', 'b', 'gone']);
  });
});
