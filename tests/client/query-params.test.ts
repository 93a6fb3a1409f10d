import { campaignOf, carryQuery, hiddenChrome, readTrackedParams } from '../../client/src/lib/query-params';
import { safeHref } from '../../client/src/components/content/rich-text';
import { preferredOf } from '../../client/src/stores/contacts';
import { $redirectBypass, $trackedQuery, redirectBypassMarked, redirectBypassReset, routeChanged } from '../../client/src/stores/route-query';

describe('query parameters', () => {
  it('reads the tracked landing parameters', () => {
    expect(readTrackedParams('?utm_id=1&refCode=ABC&token=t&tvid=v&requestFrom=app&completeEnrollment=Y&groupName=g&surveyName=s&other=x')).toEqual({
      utm_id: '1',
      refCode: 'ABC',
      token: 't',
      tvid: 'v',
      requestFrom: 'app',
      completeEnrollment: 'Y',
      groupName: 'g',
      surveyName: 's',
    });
  });
  it('re-reads them after every route change', () => {
    routeChanged({ path: '/landing', search: 'refCode=A' });
    expect($trackedQuery.getState()).toEqual({ refCode: 'A' });
    routeChanged({ path: '/join-now', search: '' });
    expect($trackedQuery.getState()).toEqual({});
  });
  it('hides header and footer, and uppercases the campaign', () => {
    expect(hiddenChrome('hide=header,footer')).toEqual({ header: true, footer: true });
    expect(hiddenChrome('hide=footer')).toEqual({ header: false, footer: true });
    expect(campaignOf('utm_campaign=spring25')).toBe('SPRING25');
    expect(campaignOf('')).toBeNull();
  });
  it('carries them across internal links, without overriding the link or touching external ones', () => {
    expect(carryQuery('/join-now', '?utm_id=7&x=1')).toBe('/join-now?utm_id=7');
    expect(carryQuery('/wallet?refCode=B#top', '?refCode=A&tvid=t')).toBe('/wallet?refCode=B&tvid=t#top');
    expect(carryQuery('/faq', '')).toBe('/faq');
    expect(carryQuery('https://company.example/about', '?utm_id=7')).toBe('https://company.example/about');
  });
  it('has a redirect-bypass flag that can be marked and reset', () => {
    redirectBypassMarked();
    expect($redirectBypass.getState()).toBe(true);
    redirectBypassReset();
    expect($redirectBypass.getState()).toBe(false);
  });
});

describe('content safety and contacts', () => {
  it('allows only web, mail, phone and site links', () => {
    expect(safeHref('/faq')).toBe('/faq');
    expect(safeHref('https://example.com/a')).toBe('https://example.com/a');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref(42)).toBeNull();
  });
  it('prefers the contact flagged Y, else the first', () => {
    expect(
      preferredOf([
        { phone: '1', preferred: 'N' },
        { phone: '2', preferred: 'Y' },
      ])?.phone,
    ).toBe('2');
    expect(
      preferredOf([
        { phone: '1', preferred: 'N' },
        { phone: '2', preferred: 'N' },
      ])?.phone,
    ).toBe('1');
    expect(preferredOf([])).toBeNull();
  });
});
