import { describe, expect, it } from 'vitest';
import { loadServerConfig } from '../../server/config.ts';

describe('the authentication service\'s configuration', () => {
  it('defaults: 15-minute access tokens, 30-day refresh tokens, no secret (made per run), the demo viewer', () => {
    expect(loadServerConfig({}).auth).toMatchObject({
      secret: undefined, accessTokenSeconds: 900, refreshTokenDays: 30, rateLimitPerMinute: 30, accountFailureLimit: 10,
      firstAdmin: undefined, demoViewer: true, smtpUrl: undefined, billingWebhookSecret: undefined,
    });
  });

  it('reads the environment', () => {
    const auth = loadServerConfig({
      AUTH_SECRET: 's'.repeat(40), AUTH_ACCESS_TOKEN_MINUTES: '5', AUTH_REFRESH_TOKEN_DAYS: '7', AUTH_RATE_LIMIT: '0',
      ADMIN_EMAIL: 'Root@Kino.Example', ADMIN_PASSWORD: 'twelve chars!', DEMO_VIEWER: 'false', SMTP_URL: 'smtp://mail.example:587',
      BILLING_WEBHOOK_SECRET: 'b'.repeat(20),
    }).auth;
    expect(auth).toMatchObject({
      accessTokenSeconds: 300, refreshTokenDays: 7, rateLimitPerMinute: 0, demoViewer: false, smtpUrl: 'smtp://mail.example:587',
      firstAdmin: { email: 'root@kino.example', password: 'twelve chars!' },
    });
  });

  it('production: AUTH_SECRET is required and the demo viewer is off', () => {
    expect(() => loadServerConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://player.example' })).toThrow(/AUTH_SECRET/);
    expect(loadServerConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://player.example', AUTH_SECRET: 'x'.repeat(32) }).auth.demoViewer).toBe(false);
  });

  it.each([
    ['AUTH_SECRET', 'too-short'],
    ['AUTH_ACCESS_TOKEN_MINUTES', '0'],
    ['AUTH_ACCESS_TOKEN_MINUTES', '1.5'],
    ['AUTH_REFRESH_TOKEN_DAYS', '400'],
    ['AUTH_RATE_LIMIT', '-1'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['SMTP_URL', 'http://mail.example'],
    ['BILLING_WEBHOOK_SECRET', 'short'],
    ['DEMO_VIEWER', 'yes'],
  ])('rejects %s=%j with a message naming it', (name, value) => {
    expect(() => loadServerConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadServerConfig({ ADMIN_EMAIL: 'root@kino.example' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadServerConfig({ ADMIN_PASSWORD: 'twelve chars!' })).toThrow(/ADMIN_EMAIL/);
  });
});
