/*
 * Which e-mail a template is for (issue 28, item 8: every slot offered every template, so a reminder could be sent as
 * the welcome). An `emailTemplate` entry says its kind in a `kind` field (the seeded ones do); an older entry without
 * one is known by its templateId ("spring-new-member", "…-expiration-reminder").
 */
export type TemplateKind = 'create-account' | 'new-member' | 'existing-member' | 'expiration-reminder';

export const TEMPLATE_KINDS: readonly TemplateKind[] = ['create-account', 'new-member', 'existing-member', 'expiration-reminder'];

/** The campaign's e-mail slots and the kind of template each sends. */
export const SLOT_KINDS = {
  createAccountTemplateId: 'create-account',
  newMemberTemplateId: 'new-member',
  existingMemberTemplateId: 'existing-member',
  expirationReminderTemplateId: 'expiration-reminder',
} as const satisfies Record<string, TemplateKind>;

/** A template's kind: its `kind` field, else what its templateId says, else null (offered in no slot). */
export function templateKindOf(fields: { kind?: unknown; templateId: string }): TemplateKind | null {
  if (typeof fields.kind === 'string' && (TEMPLATE_KINDS as readonly string[]).includes(fields.kind)) return fields.kind as TemplateKind;
  const id = fields.templateId.toLowerCase();
  if (/existing-member/.test(id)) return 'existing-member';
  if (/new-member|welcome/.test(id)) return 'new-member';
  if (/reminder|expir/.test(id)) return 'expiration-reminder';
  if (/create-account|account/.test(id)) return 'create-account';
  return null;
}

/** The templates a slot offers: those of its kind, and the one it holds now whatever its kind (kept, not dropped). */
export const templatesForSlot = <T extends { templateId: string; kind: TemplateKind | null }>(
  templates: readonly T[],
  kind: TemplateKind,
  current: string | null,
): T[] => templates.filter((t) => t.kind === kind || t.templateId === current);
