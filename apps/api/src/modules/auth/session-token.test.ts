import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testAppUrl, type TestApp } from '../../testing/build-test-app';
import { databaseTargets } from '../../testing/test-database';

describe.each(databaseTargets)('embedded sign-in bodies on %s', (target) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(target);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('carry no session token (only the HttpOnly cookie does), and the cookie still works', async () => {
    const email = `token-${Date.now()}@example.com`;
    const password = 'correct-horse-battery';
    const signUpResponse = await testApp.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: testAppUrl }, payload: { email, password, name: 'Token Test' } }); // prettier-ignore
    const signInResponse = await testApp.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: testAppUrl }, payload: { email, password } }); // prettier-ignore
    for (const response of [signUpResponse, signInResponse]) {
      expect(response.statusCode).toBe(200);
      const body = response.json<Record<string, unknown>>();
      expect(body).not.toHaveProperty('token');
      expect(body).toHaveProperty('user');
      const cookie = String(response.headers['set-cookie']).split(';')[0]!;
      const sessionValue = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
      expect(response.body).not.toContain(sessionValue);
      const token = await testApp.app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } }); // prettier-ignore
      expect(token.statusCode).toBe(200);
    }
  });
});
