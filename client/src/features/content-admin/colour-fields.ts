/*
 * Colour fields of content entries (a banner's textColor, iconColor, backgroundColor…): issue 28, item 8 found the
 * editor saved any text there, so a typo reached every member's page as no colour at all. A field whose name ends in
 * "color"/"colour" must hold a colour the browser can draw.
 */

export const isColourField = (name: string): boolean => /colou?r$/i.test(name);

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUMBER = String.raw`\s*-?\d*\.?\d+%?\s*`;
const FUNCTIONAL = new RegExp(String.raw`^(rgb|rgba|hsl|hsla)\((${NUMBER},){2}${NUMBER}(,${NUMBER})?\)$|^(rgb|hsl)\((${NUMBER}){3}(\/${NUMBER})?\)$`, 'i');

/** The browser's own judgement of a colour, when there is a browser (named colours such as "navy"). */
const browserSupports = (value: string): boolean => typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('color', value);

export const COLOUR_RULE = 'must be a colour, such as #4e6272, rgb(78, 98, 114) or a colour name';

/** The colour field's problem in words, or null when it is a colour (or left empty: the page's default then). */
export function colourError(value: string, supports: (value: string) => boolean = browserSupports): string | null {
  const v = value.trim();
  if (v === '' || HEX.test(v) || FUNCTIONAL.test(v) || (/^[a-z]+$/i.test(v) && supports(v))) return null;
  return COLOUR_RULE;
}
