import type { AccountExport, Import } from '@crescendo/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFileChunks, imports } from '../../db/schema';
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
  uploadImportForm,
  type FormPart,
} from '../../testing/imports';
import { invite, signUpAndAccept, subscribe } from '../../testing/teams';
import { databaseTargets } from '../../testing/test-database';
import { importChunkBytes } from './imports.service';

/** Several stored chunks, so the download is put back together from them in order. */
function largeStatement(): Buffer {
  const lines = generateDistroKidLines(3_000, { seed: 7 });
  return Buffer.from(distroKidFile(lines), 'utf8');
}

describe.each(databaseTargets)('kept import files (%s)', (target) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp(target);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const get = (token: string, url: string) =>
    testApp.app.inject({ method: 'GET', url, headers: bearer(token) });

  async function countChunks(organizationId: string, importId?: string) {
    const [row] = await testApp.database.db
      .select({ value: count() })
      .from(importFileChunks)
      .where(
        and(
          eq(importFileChunks.organizationId, organizationId),
          importId ? eq(importFileChunks.importId, importId) : undefined,
        ),
      );
    return row!.value;
  }

  /** Uploads the form, runs the job, and answers the import as the API then shows it. */
  async function importForm(token: string, parts: FormPart[]): Promise<Import> {
    const response = await uploadImportForm(testApp, token, parts);
    expect(response.statusCode, response.body).toBe(202);
    const { import: created } = response.json<{ import: Import }>();
    await drainImportJobs(testApp);
    return (await get(token, `/api/v1/imports/${created.id}`)).json<{ import: Import }>().import;
  }

  it('keeps a file uploaded with keepFile=true and gives it back byte for byte', async () => {
    const artist = await createUser(testApp);
    const file = largeStatement();
    expect(file.length).toBeGreaterThan(importChunkBytes);
    const upload = await uploadImportForm(testApp, artist.token, [
      { field: 'keepFile', value: 'true' },
      { field: 'file', fileName: 'DistroKid_2025.tsv', content: file },
    ]);
    expect(upload.statusCode).toBe(202);
    expect(upload.json<{ import: Import }>().import.isFileKept).toBe(true);
    const { id } = upload.json<{ import: Import }>().import;
    await drainImportJobs(testApp);

    const done = (await get(artist.token, `/api/v1/imports/${id}`)).json<{ import: Import }>();
    expect(done.import).toMatchObject({ status: 'done', rowsImported: 3_000, isFileKept: true });
    expect(await countChunks(artist.me.organization.id, id)).toBe(
      Math.ceil(file.length / importChunkBytes),
    );
    const list = (await get(artist.token, '/api/v1/imports')).json<{ imports: Import[] }>();
    expect(list.imports[0]).toMatchObject({ id, isFileKept: true });

    const download = await get(artist.token, `/api/v1/imports/${id}/file`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/tab-separated-values');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="DistroKid_2025.tsv"; filename*=UTF-8''DistroKid_2025.tsv`,
    );
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.rawPayload.equals(file)).toBe(true);
  });

  it('reads keepFile after the file too, and names an odd file name safely', async () => {
    const artist = await createUser(testApp);
    const content = distroKidFile(generateDistroKidLines(5, { seed: 3 }));
    const kept = await importForm(artist.token, [
      { field: 'file', fileName: 'mai 2025 \\"final\\"; x=1.csv', content },
      { field: 'keepFile', value: 'true' },
    ]);
    expect(kept).toMatchObject({ status: 'done', isFileKept: true });
    const download = await get(artist.token, `/api/v1/imports/${kept.id}/file`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv');
    // The quotes and semicolon cannot end the value or add a parameter.
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="mai 2025 _final__ x=1.csv"; filename*=UTF-8''mai%202025%20%22final%22%3B%20x%3D1.csv`,
    );
    expect(download.body).toBe(content);
  });

  it('drops a file not asked to be kept once it is read: 404 in the wire format', async () => {
    const artist = await createUser(testApp);
    const content = distroKidFile(generateDistroKidLines(6, { seed: 4 }));
    const upload = await uploadImportForm(testApp, artist.token, [
      { field: 'file', fileName: 'plain.tsv', content },
    ]);
    expect(upload.json<{ import: Import }>().import.isFileKept).toBe(false);
    const { id } = upload.json<{ import: Import }>().import;
    expect(await countChunks(artist.me.organization.id, id)).toBe(1);
    await drainImportJobs(testApp);
    expect(await countChunks(artist.me.organization.id, id)).toBe(0);

    const explicitlyNot = await importForm(artist.token, [
      { field: 'keepFile', value: 'false' },
      { field: 'file', fileName: 'not-kept.tsv', content: `${content}\n` },
    ]);
    expect(explicitlyNot).toMatchObject({ status: 'done', isFileKept: false });
    expect(await countChunks(artist.me.organization.id)).toBe(0);

    for (const importId of [id, explicitlyNot.id]) {
      const download = await get(artist.token, `/api/v1/imports/${importId}/file`);
      expect(download.statusCode).toBe(404);
      expect(download.json()).toEqual({
        error: {
          code: 'NOT_FOUND',
          message: 'The original file of this import was not kept: only its lines were imported.',
        },
      });
    }
    const unknown = await get(artist.token, `/api/v1/imports/${crypto.randomUUID()}/file`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
    const badId = await get(artist.token, '/api/v1/imports/not-an-id/file');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('keeps the file of a failed import too, until the import is deleted', async () => {
    const artist = await createUser(testApp);
    const header = distroKidFile([]).split('\n')[0]!;
    const unreadable = `${header}\nnot\ta\tline\n`;
    const failed = await importForm(artist.token, [
      { field: 'keepFile', value: 'true' },
      { field: 'file', fileName: 'broken.tsv', content: unreadable },
    ]);
    expect(failed).toMatchObject({ status: 'failed', isFileKept: true });
    const download = await get(artist.token, `/api/v1/imports/${failed.id}/file`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe(unreadable);
  });

  it('refuses a keepFile that is not true or false with 400, storing nothing', async () => {
    const artist = await createUser(testApp);
    const content = distroKidFile(generateDistroKidLines(2, { seed: 5 }));
    const forms: FormPart[][] = [
      [
        { field: 'keepFile', value: 'yes' },
        { field: 'file', fileName: 'a.tsv', content },
      ],
      [
        { field: 'file', fileName: 'b.tsv', content },
        { field: 'keepFile', value: '1' },
      ],
      [
        { field: 'keepFile', value: 'true' },
        { field: 'keepFile', value: 'false' },
        { field: 'file', fileName: 'c.tsv', content },
      ],
    ];
    for (const form of forms) {
      const response = await uploadImportForm(testApp, artist.token, form);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { fields: [{ field: 'keepFile' }] },
      });
    }
    const [rows] = await testApp.database.db
      .select({ value: count() })
      .from(imports)
      .where(eq(imports.organizationId, artist.me.organization.id));
    expect(rows!.value).toBe(0);
    expect(await countChunks(artist.me.organization.id)).toBe(0);
  });

  it('deletes the kept file with its import', async () => {
    const artist = await createUser(testApp);
    const kept = await importForm(artist.token, [
      { field: 'keepFile', value: 'true' },
      { field: 'file', fileName: 'gone.tsv', content: largeStatement() },
    ]);
    expect(await countChunks(artist.me.organization.id, kept.id)).toBeGreaterThan(1);
    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/v1/imports/${kept.id}`,
      headers: bearer(artist.token),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await countChunks(artist.me.organization.id)).toBe(0);
    expect((await get(artist.token, `/api/v1/imports/${kept.id}/file`)).statusCode).toBe(404);
  });

  it('lists a kept file in the account export and deletes it with the account', async () => {
    const artist = await createUser(testApp);
    const organizationId = artist.me.organization.id;
    const kept = await importForm(artist.token, [
      { field: 'keepFile', value: 'true' },
      {
        field: 'file',
        fileName: 'exported.tsv',
        content: distroKidFile(generateDistroKidLines(3)),
      },
    ]);

    const exported = (await get(artist.token, '/api/v1/account/export')).json<AccountExport>();
    const tables = exported.organizations.find((entry) => entry.id === organizationId)!.tables;
    expect(tables.imports).toEqual([
      expect.objectContaining({ id: kept.id, file_name: 'exported.tsv', keep_file: true }),
    ]);
    // The chunks are listed without their bytes; the note says where the file itself is.
    expect(tables.import_file_chunks).toEqual([
      { organization_id: organizationId, import_id: kept.id, sequence: 0 },
    ]);
    expect(exported.notes.join(' ')).toContain('/api/v1/imports/{id}/file');

    const deletion = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/v1/account',
      headers: bearer(artist.token),
      payload: { confirmation: 'delete' },
    });
    expect(deletion.statusCode).toBe(200);
    expect(await countChunks(organizationId)).toBe(0);
  });

  describe('who may download', () => {
    let owner: SignedInUser;
    let kept: Import;
    const tokens: Record<'viewer' | 'manager', string> = { viewer: '', manager: '' };

    beforeAll(async () => {
      owner = await createUser(testApp);
      await subscribe(testApp, owner.me.organization.id);
      for (const role of ['viewer', 'manager'] as const) {
        const email = uniqueEmail(role);
        tokens[role] = (
          await signUpAndAccept(
            testApp,
            (await invite(testApp, owner.token, email, role)).token,
            email,
          )
        ).token;
      }
      kept = await importForm(owner.token, [
        { field: 'keepFile', value: 'true' },
        { field: 'file', fileName: 'team.tsv', content: distroKidFile(generateDistroKidLines(4)) },
      ]);
    });

    it('lets the owner, a manager and a viewer (who may see imports) download it', async () => {
      for (const token of [owner.token, tokens.manager, tokens.viewer]) {
        const download = await get(token, `/api/v1/imports/${kept.id}/file`);
        expect(download.statusCode).toBe(200);
        expect(download.body).toBe(distroKidFile(generateDistroKidLines(4)));
      }
    });

    it("keeps another organisation's file out of reach, and asks for a sign-in", async () => {
      const stranger = await createUser(testApp);
      const download = await get(stranger.token, `/api/v1/imports/${kept.id}/file`);
      expect(download.statusCode).toBe(404);
      expect(download.json().error.code).toBe('NOT_FOUND');
      const anonymous = await testApp.app.inject({
        method: 'GET',
        url: `/api/v1/imports/${kept.id}/file`,
      });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
    });
  });
});
