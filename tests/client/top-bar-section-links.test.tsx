import { act, fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { UnauthenticatedTopBar } from '../../client/src/components/top-bar/unauthenticated-top-bar';
import { useCarryingLocation } from '../../client/src/lib/carrying-location';

/** Issue 54, item 15: Membership perks, find a specialist and Our brands dropped the query string from their hrefs. */
describe('the signed-out top bar’s section links', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));
  const renderBar = () =>
    render(
      <Router hook={useCarryingLocation}>
        <UnauthenticatedTopBar />
      </Router>,
    );

  it('carry the landing parameters in their hrefs, before the section', () => {
    window.history.replaceState(null, '', '/faq?utm_id=7&refCode=FRIEND&unrelated=1');
    renderBar();
    expect(screen.getByRole('link', { name: 'Membership perks' }).getAttribute('href')).toBe('/landing?utm_id=7&refCode=FRIEND#membership-perks');
    expect(screen.getByRole('link', { name: 'find a specialist' }).getAttribute('href')).toBe('/landing?utm_id=7&refCode=FRIEND#find-a-specialist');
    expect(screen.getByRole('link', { name: 'Our brands' }).getAttribute('href')).toBe('/landing?utm_id=7&refCode=FRIEND#our-brands');
  });

  it('go to the landing page with the parameters on a click from another page', () => {
    jest.useFakeTimers();
    window.history.replaceState(null, '', '/faq?tvid=t1');
    renderBar();
    act(() => {
      fireEvent.click(screen.getByRole('link', { name: 'Our brands' }));
    });
    expect(window.location.pathname + window.location.search).toBe('/landing?tvid=t1');
    jest.useRealTimers();
  });
});
