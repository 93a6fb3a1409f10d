import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, Router } from 'wouter';
import { useCarryingLocation } from '../../client/src/lib/carrying-location';

const renderLinks = () =>
  render(
    <Router hook={useCarryingLocation}>
      <Link href="/faq">FAQ</Link>
      <Link href="/join-now?refCode=OWN">Join</Link>
      <Link href="/faq">FAQ again</Link>
    </Router>,
  );

describe('links carry the landing parameters in their hrefs', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('shows the carried parameters in each href, keeping a link’s own value', () => {
    window.history.replaceState(null, '', '/landing?utm_id=7&refCode=FRIEND&unrelated=1');
    renderLinks();
    expect(screen.getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe('/faq?utm_id=7&refCode=FRIEND');
    expect(screen.getByRole('link', { name: 'Join' }).getAttribute('href')).toBe('/join-now?refCode=OWN&utm_id=7');
  });

  it('updates the hrefs when only the query changes, and a click goes where the href says', () => {
    window.history.replaceState(null, '', '/landing');
    renderLinks();
    expect(screen.getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe('/faq');
    act(() => {
      window.history.pushState(null, '', '/landing?tvid=t1');
    });
    const faq = screen.getByRole('link', { name: 'FAQ' });
    expect(faq.getAttribute('href')).toBe('/faq?tvid=t1');
    act(() => {
      fireEvent.click(faq);
    });
    expect(window.location.pathname + window.location.search).toBe('/faq?tvid=t1');
    expect(screen.getByRole('link', { name: 'FAQ again' }).getAttribute('href')).toBe('/faq?tvid=t1');
  });
});
