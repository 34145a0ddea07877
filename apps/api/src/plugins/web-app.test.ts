import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app';

describe('serving the built web app', () => {
  let testApp: TestApp;
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crescendo-dist-'));
  const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;

  beforeAll(async () => {
    fs.mkdirSync(path.join(distDir, 'assets'));
    fs.writeFileSync(
      path.join(distDir, 'index.html'),
      '<!doctype html><html><head><!--crescendo-config--></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(distDir, 'assets/app-abc123.js'), script);
    fs.writeFileSync(
      path.join(distDir, 'assets/app-abc123.js.br'),
      zlib.brotliCompressSync(script),
    );
    testApp = await buildTestApp('pglite', {
      env: { WEB_DIST_DIR: distDir, SENTRY_DSN: 'https://key@errors.example.com/1' },
    });
  });
  afterAll(async () => {
    await testApp.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('answers app paths with index.html carrying the runtime configuration', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/dashboard/audience?range=28d',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    const meta = /<meta name="crescendo-config" content="([^"]+)">/.exec(response.body)?.[1];
    const config = JSON.parse(meta!.replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
    expect(config).toMatchObject({
      identityProvider: 'embedded',
      waitlistMode: 'approval',
      sentryDsn: 'https://key@errors.example.com/1',
    });
    expect(response.headers['content-security-policy']).toContain('https://errors.example.com');
    // The embedded identity's session read starts with the page.
    expect(response.body).toContain(
      '<link rel="preload" href="/api/auth/get-session" as="fetch" crossorigin="use-credentials">',
    );
  });

  it('serves hashed assets pre-compressed and cached for a year', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('keeps unknown API paths and missing files as JSON 404s', async () => {
    const api = await testApp.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
    const missingAsset = await testApp.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missingAsset.statusCode).toBe(404);
  });
});
