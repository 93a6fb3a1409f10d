/** A message template as content holds it: plain text with `{placeholder}`s. */
export interface MessageTemplate {
  subject: string;
  body: string;
}

/** What a campaign e-mail can say; dates are `YYYY-MM-DD`, the amount in dollars. */
export interface TemplateValues {
  firstName: string;
  certificateName: string;
  amount: number;
  activationDate: string;
  expirationDate: string;
  campaignName: string;
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `2026-03-09` → `03/09/2026`, the US form members read; anything else is shown as it came. */
export const usDate = (isoDate: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : isoDate;
};

const formatted = (v: TemplateValues): Record<string, string> => ({
  firstName: v.firstName,
  certificateName: v.certificateName,
  amount: dollars.format(v.amount),
  activationDate: usDate(v.activationDate),
  expirationDate: usDate(v.expirationDate),
  campaignName: v.campaignName,
});

const fill = (text: string, values: Record<string, string>) =>
  // An unknown placeholder stays as written, so a typo in content shows in the mail instead of vanishing silently.
  text.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name] : whole));

/** Pure: the subject and body with every known placeholder replaced (values are inserted as text, never re-expanded). */
export function renderTemplate(template: MessageTemplate, values: TemplateValues): MessageTemplate {
  const v = formatted(values);
  return { subject: fill(template.subject, v), body: fill(template.body, v) };
}
