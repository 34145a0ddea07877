import {
  importFormats,
  unsupportedImportMessage,
  type Import,
  type ImportSamplesResponse,
  type SongListResponse,
} from '@crescendo/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  importFileChunks,
  imports,
  jobs,
  songs,
  statementLineImports,
  statementLines,
} from '../../db/schema';
import {
  bearer,
  buildTestApp,
  createUser,
  uniqueEmail,
  type SignedInUser,
  type TestApp,
} from '../../testing/build-test-app';
import {
  distroKidFile,
  drainImportJobs,
  generateDistroKidLines,
  importFile,
  uploadImport,
} from '../../testing/imports';
import { invite, signUpAndAccept, subscribe } from '../../testing/teams';
import { databaseTargets } from '../../testing/test-database';

/** Small enough to test both refusals without megabytes of test data. */
const testMaxFileBytes = 256 * 1024;

describe.each(databaseTargets)('imports (%s)', (target) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp(target, {
      env: { IMPORT_MAX_FILE_BYTES: String(testMaxFileBytes) },
    });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const get = (token: string, url: string) =>
    testApp.app.inject({ method: 'GET', url, headers: bearer(token) });
  const remove = (token: string, url: string) =>
    testApp.app.inject({ method: 'DELETE', url, headers: bearer(token) });

  async function countRows(organizationId: string) {
    const db = testApp.database.db;
    const [lines] = await db
      .select({ value: count() })
      .from(statementLines)
      .where(eq(statementLines.organizationId, organizationId));
    const [otherLinks] = await db
      .select({ value: count() })
      .from(statementLineImports)
      .where(eq(statementLineImports.organizationId, organizationId));
    const [importRows] = await db
      .select({ value: count() })
      .from(imports)
      .where(eq(imports.organizationId, organizationId));
    const [chunks] = await db
      .select({ value: count() })
      .from(importFileChunks)
      .where(eq(importFileChunks.organizationId, organizationId));
    const [songRows] = await db
      .select({ value: count() })
      .from(songs)
      .where(eq(songs.organizationId, organizationId));
    return {
      lines: lines!.value,
      // Import–line pairs: each line's holder, and every other import that brought it.
      links: lines!.value + otherLinks!.value,
      imports: importRows!.value,
      chunks: chunks!.value,
      songs: songRows!.value,
    };
  }

  it('reads an uploaded statement through the job queue: 202 queued, then done with exact counts', async () => {
    const artist = await createUser(testApp, 'customer', 'Nora Lumen');
    const lines = generateDistroKidLines(40);
    const upload = await uploadImport(
      testApp,
      artist.token,
      'DistroKid_2025.tsv',
      distroKidFile(lines),
    );
    expect(upload.statusCode).toBe(202);
    const queued = upload.json<{ import: Import }>().import;
    expect(queued).toMatchObject({
      status: 'queued',
      format: 'distrokid',
      source: 'distrokid',
      fileName: 'DistroKid_2025.tsv',
      fileBytes: Buffer.byteLength(distroKidFile(lines)),
      duplicateOf: null,
      uploadedBy: { id: artist.me.user.id, name: 'Nora Lumen', email: artist.email },
    });
    const [job] = await testApp.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `import:${queued.id}`));
    expect(job).toMatchObject({ queue: 'imports.process', status: 'queued' });
    expect((await countRows(artist.me.organization.id)).chunks).toBe(1);

    await drainImportJobs(testApp);
    const done = (await get(artist.token, `/api/v1/imports/${queued.id}`)).json<{
      import: Import;
    }>().import;
    expect(done).toMatchObject({
      status: 'done',
      rowsTotal: 40,
      rowsImported: 40,
      rowsRejected: 0,
      rowsDuplicate: 0,
      rejections: [],
      error: null,
      period: { from: '2025-01-01', to: '2025-02-28', granularity: 'month' },
    });
    expect(done.finishedAt).not.toBeNull();
    // The file is not kept beyond its lines.
    expect(await countRows(artist.me.organization.id)).toMatchObject({
      lines: 40,
      links: 40,
      chunks: 0,
      songs: 3,
    });
    const list = (await get(artist.token, '/api/v1/imports')).json<{ imports: Import[] }>();
    expect(list.imports.map((entry) => entry.id)).toEqual([queued.id]);
  });

  it('names a file imported before and counts none of its lines again', async () => {
    const artist = await createUser(testApp);
    const file = distroKidFile(generateDistroKidLines(12));
    const first = await importFile(testApp, artist.token, 'statement.tsv', file);
    const again = await importFile(testApp, artist.token, 'statement (1).tsv', file);
    expect(again).toMatchObject({
      status: 'done',
      duplicateOf: first.id,
      rowsTotal: 12,
      rowsImported: 0,
      rowsDuplicate: 12,
    });
    // Its totals are the file's, as the first import's were.
    expect(again.totals).toEqual(first.totals);
    expect(await countRows(artist.me.organization.id)).toMatchObject({ lines: 12, links: 24 });
    const list = (await get(artist.token, '/api/v1/imports')).json<{ imports: Import[] }>();
    expect(list.imports.map((entry) => entry.id)).toEqual([again.id, first.id]);
  });

  it('counts only the new lines of an overlapping statement, and identical lines within one file each once', async () => {
    const artist = await createUser(testApp);
    const lines = generateDistroKidLines(20, { months: ['2025-01', '2025-02', '2025-03'] });
    const first = await importFile(
      testApp,
      artist.token,
      'jan-feb.tsv',
      distroKidFile(lines.slice(0, 14)),
    );
    expect(first.rowsImported).toBe(14);
    // Two identical sales in one month are two lines.
    const repeated = lines[19]!;
    const second = await importFile(
      testApp,
      artist.token,
      'feb-mar.tsv',
      distroKidFile([...lines.slice(8, 20), repeated]),
    );
    expect(second).toMatchObject({
      rowsTotal: 13,
      rowsImported: 7,
      rowsDuplicate: 6,
      duplicateOf: null,
    });
    expect((await countRows(artist.me.organization.id)).lines).toBe(21);
  });

  it('deletes an import with its own lines only: lines another import holds stay', async () => {
    const artist = await createUser(testApp);
    const lines = generateDistroKidLines(10);
    const first = await importFile(
      testApp,
      artist.token,
      'a.tsv',
      distroKidFile(lines.slice(0, 6)),
    );
    const second = await importFile(testApp, artist.token, 'b.tsv', distroKidFile(lines.slice(4)));
    expect(await countRows(artist.me.organization.id)).toMatchObject({ lines: 10, imports: 2 });

    const deleted = await remove(artist.token, `/api/v1/imports/${first.id}`);
    expect(deleted.statusCode).toBe(204);
    // Lines 0–3 were only in the first file; 4–5 are also the second's.
    expect(await countRows(artist.me.organization.id)).toMatchObject({
      lines: 6,
      links: 6,
      imports: 1,
      songs: 3,
    });
    // Lines 4–5 were handed to the second import, which now holds every line left.
    const holders = await testApp.database.db
      .selectDistinct({ importId: statementLines.importId })
      .from(statementLines)
      .where(eq(statementLines.organizationId, artist.me.organization.id));
    expect(holders).toEqual([{ importId: second.id }]);
    expect((await get(artist.token, `/api/v1/imports/${first.id}`)).statusCode).toBe(404);
    expect((await remove(artist.token, `/api/v1/imports/${first.id}`)).statusCode).toBe(404);
    const left = (await get(artist.token, `/api/v1/imports/${second.id}`)).json<{
      import: Import;
    }>();
    expect(left.import.rowsImported).toBe(4);
  });

  it('hands lines from import to import as they are deleted, counting each once until the last goes', async () => {
    const artist = await createUser(testApp);
    const organizationId = artist.me.organization.id;
    // Last month and the one before: inside the Free plan's year of history whatever the date.
    const now = new Date();
    const months = [1, 2].map((back) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1))
        .toISOString()
        .slice(0, 7),
    );
    const file = distroKidFile(generateDistroKidLines(8, { months }));
    const first = await importFile(testApp, artist.token, 'a.tsv', file);
    const second = await importFile(testApp, artist.token, 'b.tsv', file);
    const third = await importFile(testApp, artist.token, 'c.tsv', file);
    const holdersOf = async () =>
      (
        await testApp.database.db
          .selectDistinct({ importId: statementLines.importId })
          .from(statementLines)
          .where(eq(statementLines.organizationId, organizationId))
      ).map((row) => row.importId);
    const revenueTotal = async () =>
      (await get(artist.token, '/api/dashboard/revenue?range=all&groupBy=source')).json<{
        total: number;
      }>().total;
    const total = await revenueTotal();
    expect(total).toBeGreaterThan(0);
    expect(await holdersOf()).toEqual([first.id]);
    expect(await countRows(organizationId)).toMatchObject({ lines: 8, links: 24 });

    // The earliest import left takes the lines over; the sums stay the same.
    expect((await remove(artist.token, `/api/v1/imports/${first.id}`)).statusCode).toBe(204);
    expect(await holdersOf()).toEqual([second.id]);
    expect(await countRows(organizationId)).toMatchObject({ lines: 8, links: 16 });
    expect(await revenueTotal()).toBe(total);
    // Deleting an import that holds nothing leaves the holder alone.
    expect((await remove(artist.token, `/api/v1/imports/${third.id}`)).statusCode).toBe(204);
    expect(await holdersOf()).toEqual([second.id]);
    expect(await countRows(organizationId)).toMatchObject({ lines: 8, links: 8 });
    expect(await revenueTotal()).toBe(total);

    expect((await remove(artist.token, `/api/v1/imports/${second.id}`)).statusCode).toBe(204);
    expect(await countRows(organizationId)).toMatchObject({ lines: 0, links: 0, imports: 0 });
    expect(await revenueTotal()).toBe(0);
  });

  it('refuses a file in no known format with 415 and the supported formats, storing nothing', async () => {
    const artist = await createUser(testApp);
    for (const content of [
      'name,email\nAda,ada@example.com\n',
      '%PDF-1.7\n\u0000\u0001binary',
      '',
    ]) {
      const response = await uploadImport(testApp, artist.token, 'notes.csv', content);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: unsupportedImportMessage },
      });
    }
    expect(await countRows(artist.me.organization.id)).toEqual({
      lines: 0,
      links: 0,
      imports: 0,
      chunks: 0,
      songs: 0,
    });
    const [queued] = await testApp.database.db
      .select({ value: count() })
      .from(jobs)
      .where(and(eq(jobs.queue, 'imports.process'), eq(jobs.status, 'queued')));
    expect(queued!.value).toBe(0);
  });

  it('refuses a file over the size limit with 413: by its Content-Length before reading, or when the stream passes the limit', async () => {
    const artist = await createUser(testApp);
    const line = distroKidFile(generateDistroKidLines(1)).split('\n')[1]!;
    const header = distroKidFile([]).split('\n')[0]!;
    const build = (bytes: number) =>
      [header, ...Array.from({ length: Math.ceil(bytes / (line.length + 1)) }, () => line)].join(
        '\n',
      );
    // Far over the limit: the declared length alone refuses it.
    const declared = await uploadImport(
      testApp,
      artist.token,
      'big.tsv',
      build(testMaxFileBytes * 2),
    );
    // Just over the limit: within the multipart allowance, so the stream's limit refuses it.
    const streamed = await uploadImport(
      testApp,
      artist.token,
      'big.tsv',
      build(testMaxFileBytes + 4096),
    );
    for (const response of [declared, streamed]) {
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The file is larger than 256 KB, the most Crescendo reads.',
      });
    }
    expect(await countRows(artist.me.organization.id)).toMatchObject({ imports: 0, chunks: 0 });
  });

  it('lists unreadable lines with their line numbers and imports every other line', async () => {
    const artist = await createUser(testApp);
    const lines = generateDistroKidLines(5);
    const file = distroKidFile(lines)
      .split('\n')
      .map((text, index) => {
        if (index === 2) return text.replace(/\t[^\t]*$/, '\tnot-a-number');
        if (index === 4) return text.replace('\t2025-02\t', '\tsometime\t');
        return text;
      })
      .join('\n');
    const result = await importFile(testApp, artist.token, 'with-bad-lines.tsv', file);
    expect(result).toMatchObject({
      status: 'done',
      rowsTotal: 5,
      rowsImported: 3,
      rowsRejected: 2,
    });
    expect(result.rejections.map((rejection) => rejection.line)).toEqual([3, 5]);
    for (const rejection of result.rejections) expect(rejection.reason.length).toBeGreaterThan(5);
    expect((await countRows(artist.me.organization.id)).lines).toBe(3);
  });

  it('fails a file none of whose lines can be read, with a sentence and nothing kept', async () => {
    const artist = await createUser(testApp);
    const file = distroKidFile(generateDistroKidLines(3))
      .split('\n')
      .map((text, index) => (index > 0 && text ? text.replace(/\t[^\t]*$/, '\tn/a') : text))
      .join('\n');
    const result = await importFile(testApp, artist.token, 'broken.tsv', file);
    expect(result).toMatchObject({
      status: 'failed',
      rowsTotal: 3,
      rowsImported: 0,
      rowsRejected: 3,
    });
    expect(result.error).toMatch(
      /^None of the 3 lines could be read, so nothing was imported\. The first problem is on line 2: /,
    );
    expect(await countRows(artist.me.organization.id)).toMatchObject({
      lines: 0,
      links: 0,
      chunks: 0,
    });
  });

  describe('who may do what', () => {
    let owner: SignedInUser;
    let viewerToken: string;
    let managerToken: string;
    let stranger: SignedInUser;
    let ownersImport: Import;

    beforeAll(async () => {
      owner = await createUser(testApp);
      await subscribe(testApp, owner.me.organization.id);
      const viewerEmail = uniqueEmail('viewer');
      viewerToken = (
        await signUpAndAccept(
          testApp,
          (await invite(testApp, owner.token, viewerEmail, 'viewer')).token,
          viewerEmail,
        )
      ).token;
      const managerEmail = uniqueEmail('manager');
      managerToken = (
        await signUpAndAccept(
          testApp,
          (await invite(testApp, owner.token, managerEmail, 'manager')).token,
          managerEmail,
        )
      ).token;
      stranger = await createUser(testApp);
      ownersImport = await importFile(
        testApp,
        owner.token,
        'owner.tsv',
        distroKidFile(generateDistroKidLines(4)),
      );
    });

    it('lets a viewer read imports but neither upload nor delete', async () => {
      const file = distroKidFile(generateDistroKidLines(2));
      const upload = await uploadImport(testApp, viewerToken, 'viewer.tsv', file);
      expect(upload.statusCode).toBe(403);
      expect(upload.json().error.code).toBe('FORBIDDEN');
      expect((await remove(viewerToken, `/api/v1/imports/${ownersImport.id}`)).statusCode).toBe(
        403,
      );
      const list = (await get(viewerToken, '/api/v1/imports')).json<{ imports: Import[] }>();
      expect(list.imports.map((entry) => entry.id)).toEqual([ownersImport.id]);
    });

    it('lets a manager upload', async () => {
      const file = distroKidFile(generateDistroKidLines(2, { seed: 99 }));
      expect((await uploadImport(testApp, managerToken, 'manager.tsv', file)).statusCode).toBe(202);
      await drainImportJobs(testApp);
    });

    it("keeps another organisation's imports out of reach", async () => {
      expect((await get(stranger.token, `/api/v1/imports/${ownersImport.id}`)).statusCode).toBe(
        404,
      );
      expect((await remove(stranger.token, `/api/v1/imports/${ownersImport.id}`)).statusCode).toBe(
        404,
      );
      const list = (await get(stranger.token, '/api/v1/imports')).json<{ imports: Import[] }>();
      expect(list.imports).toEqual([]);
      const stillThere = await get(owner.token, `/api/v1/imports/${ownersImport.id}`);
      expect(stillThere.json<{ import: Import }>().import.status).toBe('done');
      const songsOfStranger = (await get(stranger.token, '/api/v1/songs')).json<SongListResponse>();
      expect(songsOfStranger.songs).toEqual([]);
    });
  });

  it('answers a body that is not multipart with 415, and a form without a file field with 400', async () => {
    const artist = await createUser(testApp);
    const json = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/imports',
      headers: bearer(artist.token),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const boundary = '----crescendo-no-file';
    const form = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/imports',
      headers: {
        ...bearer(artist.token),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expect(form.statusCode).toBe(400);
    expect(form.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe.each(databaseTargets)('sample statements (%s)', (target) => {
  let sandboxApp: TestApp;
  let realApp: TestApp;

  beforeAll(async () => {
    sandboxApp = await buildTestApp(target);
    realApp = await buildTestApp(target, {
      env: {
        GOOGLE_CLIENT_ID: 'real-google-client',
        GOOGLE_CLIENT_SECRET: 'real-google-secret',
        META_APP_ID: 'real-meta-app',
        META_APP_SECRET: 'real-meta-secret',
        TIKTOK_CLIENT_KEY: 'real-tiktok-key',
        TIKTOK_CLIENT_SECRET: 'real-tiktok-secret',
      },
    });
  });
  afterAll(async () => {
    await sandboxApp?.close();
    await realApp?.close();
  });

  it("offers the demo persona's files in every format in sandbox mode, each of which imports", async () => {
    const artist = await createUser(sandboxApp);
    const response = await sandboxApp.app.inject({
      method: 'GET',
      url: '/api/v1/imports/samples',
      headers: bearer(artist.token),
    });
    expect(response.statusCode).toBe(200);
    const { samples } = response.json<ImportSamplesResponse>();
    expect(new Set(samples.map((sample) => sample.format))).toEqual(new Set(importFormats));
    for (const sample of samples) {
      expect(sample.url).toMatch(/^\/sandbox\/statements\/mid\//);
      const file = await sandboxApp.app.inject({ method: 'GET', url: sample.url });
      expect(file.statusCode).toBe(200);
      const upload = await uploadImport(sandboxApp, artist.token, sample.fileName, file.rawPayload);
      expect(`${sample.fileName} ${upload.statusCode}`).toBe(`${sample.fileName} 202`);
      expect(upload.json<{ import: Import }>().import.format).toBe(sample.format);
    }
    await drainImportJobs(sandboxApp);
    const { imports: done } = (
      await sandboxApp.app.inject({
        method: 'GET',
        url: '/api/v1/imports',
        headers: bearer(artist.token),
      })
    ).json<{ imports: Import[] }>();
    expect(done).toHaveLength(samples.length);
    for (const entry of done) {
      expect(`${entry.fileName} ${entry.status} ${entry.error}`).toBe(
        `${entry.fileName} done null`,
      );
      expect(entry.rowsImported + entry.rowsDuplicate).toBeGreaterThan(0);
    }
  });

  it('answers 404 when no platform sandbox runs', async () => {
    const artist = await createUser(realApp);
    const response = await realApp.app.inject({
      method: 'GET',
      url: '/api/v1/imports/samples',
      headers: bearer(artist.token),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});
