import { templateKindOf, templatesForSlot } from '../../../client/src/features/campaign-tool/template-kinds';
import { emailTemplateEntries } from '../../../server/content/seed-email-templates';

/** Issue 28, item 8: each e-mail slot offers only templates of its kind. */
describe('e-mail templates by kind', () => {
  const templates = emailTemplateEntries.map((e) => {
    const fields = e.fields as { templateId: string; kind?: unknown };
    return { templateId: fields.templateId, kind: templateKindOf(fields) };
  });

  it('the seeded templates say their kind', () => {
    expect(emailTemplateEntries.map((e) => (e.fields as { kind?: unknown }).kind)).toEqual(['new-member', 'existing-member', 'expiration-reminder']);
  });

  it('a slot offers only its kind, keeping what it holds now', () => {
    expect(templatesForSlot(templates, 'new-member', null).map((t) => t.templateId)).toEqual(['spring-new-member']);
    expect(templatesForSlot(templates, 'expiration-reminder', null).map((t) => t.templateId)).toEqual(['spring-expiration-reminder']);
    expect(templatesForSlot(templates, 'create-account', null)).toEqual([]);
    expect(templatesForSlot(templates, 'existing-member', 'spring-new-member').map((t) => t.templateId)).toEqual([
      'spring-new-member',
      'spring-existing-member',
    ]);
  });

  it('knows an older entry without a kind by its templateId, and a kind field wins', () => {
    expect(templateKindOf({ templateId: 'autumn-existing-member' })).toBe('existing-member');
    expect(templateKindOf({ templateId: 'autumn-new-member' })).toBe('new-member');
    expect(templateKindOf({ templateId: 'offer-expiring-soon' })).toBe('expiration-reminder');
    expect(templateKindOf({ templateId: 'newsletter' })).toBeNull();
    expect(templateKindOf({ templateId: 'newsletter', kind: 'new-member' })).toBe('new-member');
  });
});
