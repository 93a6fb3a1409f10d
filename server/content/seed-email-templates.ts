import type { SeedEntry } from './seed-entries';

/**
 * The demo campaign's e-mails (content type `emailTemplate`): a campaign names one by `templateId`, and the server
 * fills the placeholders when it writes the mail (server/mail/render-template.ts). Copy written for this project.
 */
// No account-creation template: enrollment sends no account-creation e-mail, so a createAccountTemplateId is never used.
export const DEMO_EMAIL_TEMPLATES = {
  newMember: 'spring-new-member',
  existingMember: 'spring-existing-member',
  expirationReminder: 'spring-expiration-reminder',
} as const;

/** `kind` is the e-mail a template is for: the campaign tool offers each slot only templates of its kind. */
type TemplateKind = 'new-member' | 'existing-member' | 'expiration-reminder';

const template = (templateId: string, kind: TemplateKind, subject: string, body: string): SeedEntry => ({
  id: `email-${templateId}`,
  contentType: 'emailTemplate',
  fields: { templateId, kind, subject, body },
});

export const emailTemplateEntries: SeedEntry[] = [
  template(
    DEMO_EMAIL_TEMPLATES.newMember,
    'new-member',
    'Welcome, {firstName}: your {amount} offer is in your wallet',
    'Hi {firstName},\n\nThank you for joining through {campaignName}. Your {certificateName} worth {amount} is in your wallet, valid from {activationDate} through {expirationDate}.\n\nShow it at a participating specialist to use it.',
  ),
  template(
    DEMO_EMAIL_TEMPLATES.existingMember,
    'existing-member',
    '{firstName}, your {amount} offer is in your wallet',
    'Hi {firstName},\n\nThanks for being a member. Your {certificateName} worth {amount} from {campaignName} is in your wallet, valid from {activationDate} through {expirationDate}.\n\nShow it at a participating specialist to use it.',
  ),
  template(
    DEMO_EMAIL_TEMPLATES.expirationReminder,
    'expiration-reminder',
    'Reminder: your {amount} offer expires {expirationDate}',
    'Hi {firstName},\n\nA friendly reminder: your {certificateName} worth {amount} from {campaignName} expires on {expirationDate}. Book a visit with a participating specialist before then to use it.',
  ),
];
