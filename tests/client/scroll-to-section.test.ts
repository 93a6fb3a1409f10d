import { scrollToLandingSection } from '../../client/src/lib/scroll-to-section';

describe('top bar section links', () => {
  it('scroll at once on the landing page', () => {
    const scroll = jest.fn();
    const navigate = jest.fn();
    scrollToLandingSection('our-brands', { pathname: '/landing', navigate, scroll });
    scrollToLandingSection('our-brands', { pathname: '/', navigate, scroll });
    expect(scroll).toHaveBeenCalledTimes(2);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('go to /landing from elsewhere and scroll after 2500 ms', () => {
    const scroll = jest.fn();
    const navigate = jest.fn();
    const schedule = jest.fn();
    scrollToLandingSection('membership-perks', { pathname: '/login', navigate, scroll, schedule });
    expect(navigate).toHaveBeenCalledWith('/landing');
    expect(scroll).not.toHaveBeenCalled();
    expect(schedule).toHaveBeenCalledWith(expect.any(Function), 2500);
    (schedule.mock.calls[0][0] as () => void)();
    expect(scroll).toHaveBeenCalledWith('membership-perks');
  });
});
