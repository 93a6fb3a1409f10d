import { externalAdminLink, firstPathSegment, hostPrefixFor } from '../../../client/src/features/admin-tools/external-admin-link';

describe('the external admin tool link', () => {
  it('derives the first path segment of a route, root for the root path', () => {
    expect(firstPathSegment('/')).toBe('root');
    expect(firstPathSegment('')).toBe('root');
    expect(firstPathSegment('/admin-tools/campaign-tool?id=3')).toBe('admin-tools');
    expect(firstPathSegment('/wallet#top')).toBe('wallet');
  });

  it('takes the host prefix of the environment’s host name, else the default, else none', () => {
    const tool = {
      hostPrefixes: { 'rewards.example.com': 'https://admin.example.com', 'staging.example.com': 'https://admin-staging.example.com' },
      defaultPrefix: 'https://admin-dev.example.com',
    };
    expect(hostPrefixFor('Rewards.Example.com', tool)).toBe('https://admin.example.com');
    expect(hostPrefixFor('staging.example.com', tool)).toBe('https://admin-staging.example.com');
    expect(hostPrefixFor('localhost', tool)).toBe('https://admin-dev.example.com');
    expect(hostPrefixFor('localhost', { hostPrefixes: {}, defaultPrefix: null })).toBeNull();
  });

  it('carries token, user and origin=refresh, encoded', () => {
    expect(externalAdminLink({ prefix: 'https://admin.example.com', path: '/admin-tools', token: 'a+b/c=', user: '7' })).toBe(
      'https://admin.example.com/admin-tools?token=a%2Bb%2Fc%3D&user=7&origin=refresh',
    );
  });
});
