/*
 * A server refusal's message as an admin reads it beside a field (issue 28, item 6: refusals in words). The API's
 * messages name fields and values by their codes ("must not be before fromDate", `must be TREATMENT or PARTNER`, "must
 * be a date as YYYY-MM-DD"), which are right for a program calling it and wrong on a screen: a date field shows
 * MM/DD/YYYY, and a person knows "the start date", not `startDate`. The wire format stays as the contract pins it.
 */

/** `startDate` → `start date`. */
const spoken = (code: string) => code.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/** `CERTIFICATE_OFFER` → `Certificate offer`. */
const valueInWords = (code: string) => {
  const words = code.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A list of codes in words: `Treatment or Partner`, `Active, Expired or Void`. */
const choiceInWords = (codes: string[], valueLabels: Record<string, string>) => {
  const words = codes.map((c) => valueLabels[c] ?? valueInWords(c));
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}` : words.join('');
};

/**
 * The message in words: field codes as "the start date" (or the label given for them), value codes by their labels,
 * and the date format the fields show.
 */
export function refusalInWords(message: string, fieldLabels: Record<string, string> = {}, valueLabels: Record<string, string> = {}): string {
  return (
    message
      .replace(/YYYY-MM-DD/g, 'MM/DD/YYYY')
      // io-ts's own spelling of a choice: `"TREATMENT" | "PARTNER"`.
      .replace(/\(?("[A-Z0-9_]+"(?:\s*\|\s*"[A-Z0-9_]+")+)\)?/g, (_all, list: string) =>
        choiceInWords(
          list.split('|').map((v) => v.trim().slice(1, -1)),
          valueLabels,
        ),
      )
      // The server's: `must be TREATMENT or PARTNER`, `must be one of ACTIVE, EXPIRED, VOID`.
      .replace(
        /\b(must be (?:one of )?)([A-Z][A-Z0-9_]+(?:, [A-Z][A-Z0-9_]+)*(?:,? or [A-Z][A-Z0-9_]+)?)\b(?![/-])/g,
        (_all, lead: string, list: string) => `${lead.replace('one of ', '')}${choiceInWords(list.split(/, or |, | or /), valueLabels)}`,
      )
      // The other field of a comparison, named by its code: `before fromDate` → `before the from date`.
      .replace(
        /\b(before|after|than) ([a-z]+[A-Z][A-Za-z0-9]*)\b/g,
        (_all, word: string, code: string) => `${word} the ${(fieldLabels[code] ?? spoken(code)).toLowerCase()}`,
      )
  );
}
