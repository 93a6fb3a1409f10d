import { settingsFromEnv } from '../../server/config';

describe('the external admin tool settings', () => {
  it('read host=prefix pairs and a fallback, without trailing slashes', () => {
    const s = settingsFromEnv({
      EXTERNAL_ADMIN_TOOL_HOSTS: 'Rewards.example.com=https://admin.example.com/, staging.example.com=https://admin-staging.example.com',
      EXTERNAL_ADMIN_TOOL_URL: 'http://localhost:4000/',
    });
    expect(s.externalAdminTool).toEqual({
      hostPrefixes: { 'rewards.example.com': 'https://admin.example.com', 'staging.example.com': 'https://admin-staging.example.com' },
      defaultPrefix: 'http://localhost:4000',
    });
  });

  it('mean no link when unset', () => {
    expect(settingsFromEnv({}).externalAdminTool).toEqual({ hostPrefixes: {}, defaultPrefix: null });
  });

  it('stop the start on a malformed pair or a URL that is not http(s), naming the setting', () => {
    expect(() => settingsFromEnv({ EXTERNAL_ADMIN_TOOL_HOSTS: 'no-equals-sign' })).toThrow('EXTERNAL_ADMIN_TOOL_HOSTS must be host=url pairs');
    expect(() => settingsFromEnv({ EXTERNAL_ADMIN_TOOL_URL: 'javascript:alert(1)' })).toThrow('EXTERNAL_ADMIN_TOOL_URL must hold http(s) URLs');
  });
});
