import { colourError, COLOUR_RULE, isColourField } from '../../../client/src/features/content-admin/colour-fields';
import { fieldsOf } from '../../../client/src/features/content-admin/field-drafts';

/** Issue 28, item 8: the content editor checks colours. */
describe('colour fields', () => {
  it('are the fields named for a colour', () => {
    expect(['textColor', 'iconColor', 'backgroundColor', 'accentColour'].every(isColourField)).toBe(true);
    expect(isColourField('colorful')).toBe(false);
    expect(isColourField('bannerText')).toBe(false);
  });

  it('take hex, rgb() and hsl() colours, a name the browser knows, or nothing', () => {
    for (const good of ['#fff', '#4e6272', '#4E6272cc', 'rgb(78, 98, 114)', 'rgba(0,0,0,0.5)', 'hsl(210 20% 40%)', ''])
      expect([good, colourError(good, () => false)]).toEqual([good, null]);
    expect(colourError('navy', (v) => v === 'navy')).toBeNull();
  });

  it('refuse anything else in words', () => {
    for (const bad of ['#12345', '4e6272', 'blue-ish', 'rgb(1,2)', 'navy']) expect([bad, colourError(bad, () => false)]).toEqual([bad, COLOUR_RULE]);
  });

  it('stop a save, naming the field', () => {
    const { errors } = fieldsOf({ backgroundColor: { kind: 'text', value: '#zzz' }, bannerText: { kind: 'text', value: 'Hello' } });
    expect(errors).toEqual({ backgroundColor: `The field “backgroundColor” ${COLOUR_RULE}.` });
  });
});
