import {
  maxImportFileBytes,
  unsupportedImportMessage,
  type Import,
  type OrganizationRole,
} from '@crescendo/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '@/lib/auth/auth-context';
import { buildAuthValue, installApiRoutes, type ApiHandler } from '@/testing/api-routes';
import { createFakeIdentity } from '@/testing/fake-identity';
import { renderRoutes } from '@/testing/render';
import { ImportsPage } from './imports-page';

const mocks = vi.hoisted(() => ({ showToast: vi.fn() }));
vi.mock('@/lib/toast', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  showToast: mocks.showToast,
}));

const firstId = '00000000-0000-4000-8000-000000000001';
const secondId = '00000000-0000-4000-8000-000000000002';
const uploadedId = '00000000-0000-4000-8000-000000000003';

function buildImport(overrides: Partial<Import> = {}): Import {
  return {
    id: firstId,
    status: 'done',
    format: 'distrokid',
    source: 'distrokid',
    fileName: 'DistroKid_1700000000000.tsv',
    fileBytes: 4096,
    isFileKept: false,
    period: { from: '2026-01-01', to: '2026-03-31', granularity: 'month' },
    rowsTotal: 120,
    rowsImported: 117,
    rowsRejected: 3,
    rowsDuplicate: 0,
    duplicateOf: null,
    error: null,
    rejections: [
      { line: 14, reason: 'Earnings (USD) is not a number: "n/a"' },
      { line: 90, reason: 'ISRC is missing' },
    ],
    totals: { quantity: 48210, earnings: [{ currency: 'USD', amount: 152.37 }] },
    uploadedBy: {
      id: '00000000-0000-4000-8000-0000000000aa',
      name: 'Nova Lane',
      email: 'nova@example.com',
    },
    createdAt: '2026-04-10T09:30:00.000Z',
    finishedAt: '2026-04-10T09:30:05.000Z',
    ...overrides,
  };
}

let api: ReturnType<typeof installApiRoutes>;
let imports: Import[];

beforeEach(() => {
  mocks.showToast.mockReset();
  imports = [
    buildImport(),
    buildImport({
      id: secondId,
      fileName: 'DistroKid_copy.tsv',
      rowsImported: 0,
      rowsRejected: 0,
      rowsDuplicate: 120,
      duplicateOf: firstId,
      rejections: [],
      createdAt: '2026-05-02T09:30:00.000Z',
    }),
  ];
  api = installApiRoutes({
    'GET /v1/imports': () => ({ status: 200, data: { imports } }),
  });
});
afterEach(() => api.restore());

function setup({
  role = 'owner',
  isSandbox = false,
}: { role?: OrganizationRole; isSandbox?: boolean } = {}) {
  return renderRoutes(
    [
      {
        path: '/settings/imports',
        element: (
          <AuthContext value={buildAuthValue(role)}>
            <ImportsPage isSandbox={isSandbox} />
          </AuthContext>
        ),
      },
    ],
    { initialEntries: ['/settings/imports'], adapter: createFakeIdentity().adapter },
  );
}

function chooseFiles(files: File[]) {
  fireEvent.change(screen.getByLabelText('Files to import'), { target: { files } });
}

const tsv = (name: string) =>
  new File(['Reporting Date\tSale Month\tStore\n'], name, { type: 'text/tab-separated-values' });

describe('Settings → Imports: uploading', () => {
  it('sends each file as multipart, shows its upload progress, then follows its reading to done', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reads = 0;
    const upload: ApiHandler = async (config) => {
      config.onUploadProgress?.({ loaded: 40, total: 100, bytes: 40, lengthComputable: true });
      await gate;
      return {
        status: 202,
        data: { import: buildImport({ id: uploadedId, status: 'queued', fileName: 'march.tsv' }) },
      };
    };
    api.routes['POST /v1/imports'] = upload;
    api.routes[`GET /v1/imports/${uploadedId}`] = () => {
      reads += 1;
      return {
        status: 200,
        data: {
          import: buildImport({
            id: uploadedId,
            fileName: 'march.tsv',
            status: reads === 1 ? 'processing' : 'done',
            rowsImported: 250,
            rowsRejected: 2,
            rowsDuplicate: 5,
          }),
        },
      };
    };
    setup();
    await screen.findByText('DistroKid_1700000000000.tsv');
    chooseFiles([tsv('march.tsv')]);

    const progress = await screen.findByRole('progressbar', { name: 'Uploading march.tsv' });
    await waitFor(() => expect(progress.getAttribute('aria-valuenow')).toBe('40'));
    const post = api.requests.find((request) => request.method === 'POST');
    expect(post?.body).toBeInstanceOf(FormData);
    expect(((post?.body as FormData).get('file') as File).name).toBe('march.tsv');
    // Off unless the artist ticks the box.
    expect((post?.body as FormData).get('keepFile')).toBe('false');

    release();
    expect(await screen.findByRole('progressbar', { name: 'Reading march.tsv' })).toBeTruthy();
    expect(
      await screen.findByText('250 lines imported · 2 skipped · 5 already counted'),
    ).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Reading march.tsv' })).toBeNull();
  });

  it('asks the API to keep the original file when the box is ticked, saying why it is off', async () => {
    api.routes['POST /v1/imports'] = () => ({
      status: 202,
      data: { import: buildImport({ id: uploadedId, status: 'queued', isFileKept: true }) },
    });
    setup();
    await screen.findByText('DistroKid_1700000000000.tsv');
    const box = screen.getByRole('checkbox', { name: /Keep a copy of the original file/ });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /^Off by default, because/,
    );
    fireEvent.click(box);
    chooseFiles([tsv('keep-me.tsv')]);
    await waitFor(() =>
      expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(1),
    );
    const form = api.requests.find((request) => request.method === 'POST')?.body as FormData;
    expect(form.get('keepFile')).toBe('true');
    expect((form.get('file') as File).name).toBe('keep-me.tsv');
    // The field comes before the file, so the server knows it before the bytes arrive.
    expect([...form.keys()]).toEqual(['keepFile', 'file']);
  });

  it('refuses a file over the limit before sending it, and shows a 415 message next to its file', async () => {
    api.routes['POST /v1/imports'] = () => ({
      status: 415,
      data: { error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: unsupportedImportMessage } },
    });
    setup();
    await screen.findByText('DistroKid_1700000000000.tsv');
    const huge = tsv('whole-catalogue.tsv');
    Object.defineProperty(huge, 'size', { value: maxImportFileBytes + 1 });
    chooseFiles([huge, tsv('notes.txt')]);

    const uploads = screen.getByRole('list', { name: 'Uploads' });
    expect(
      within(uploads).getByText(
        /whole-catalogue\.tsv is 100\.0 MB: files up to 100 MB can be imported/,
      ),
    ).toBeTruthy();
    expect(await within(uploads).findByText(unsupportedImportMessage)).toBeTruthy();
    const posts = api.requests.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(((posts[0]?.body as FormData).get('file') as File).name).toBe('notes.txt');
  });

  it('says the rule for unreadable lines and the size limit, and lists samples only in sandbox mode', async () => {
    api.routes['GET /v1/imports/samples'] = () => ({
      status: 200,
      data: {
        samples: [
          {
            fileName: 'distrokid-nova-lane.tsv',
            format: 'distrokid',
            source: 'distrokid',
            url: '/sandbox/statements/distrokid.tsv',
          },
        ],
      },
    });
    const { unmount } = setup();
    expect(
      screen.getByText(
        'Lines that cannot be read are skipped and listed with their line number; every other line is imported.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Files up to 100 MB each/)).toBeTruthy();
    expect(screen.queryByText('Download sample statements')).toBeNull();
    unmount();

    setup({ isSandbox: true });
    const samples = await screen.findByRole('list', { name: 'Sample statements' });
    const link = within(samples).getByRole('link', { name: /distrokid-nova-lane\.tsv/ });
    expect(link.getAttribute('href')).toBe('/sandbox/statements/distrokid.tsv');
  });
});

describe('Settings → Imports: history', () => {
  it('lists each import with its period, lines and uploader, marks a duplicate, and shows rejected lines', async () => {
    setup();
    await screen.findByText('DistroKid_1700000000000.tsv');
    const table = screen.getByRole('table', { name: 'Import history' });
    const first = within(table)
      .getByText('DistroKid_1700000000000.tsv')
      .closest('tr') as HTMLElement;
    expect(first.textContent).toContain('Jan 2026 – Mar 2026');
    expect(within(first).getByText('117 imported')).toBeTruthy();
    expect(within(first).getByText('48,210 units')).toBeTruthy();
    expect(within(first).getByText('$152.37')).toBeTruthy();
    expect(within(first).getByText('Nova Lane')).toBeTruthy();
    const copy = within(table).getByText('DistroKid_copy.tsv').closest('tr') as HTMLElement;
    expect(within(copy).getByText(/^Already imported on Apr 10, 2026$/)).toBeTruthy();

    fireEvent.click(within(first).getByRole('button', { name: /See the 3 rejected lines/ }));
    const rejected = await screen.findByRole('table', { name: 'Rejected lines' });
    expect(within(rejected).getByText('14')).toBeTruthy();
    expect(within(rejected).getByText('ISRC is missing')).toBeTruthy();
  });

  it('lets a manager delete an import after confirming, with a toast', async () => {
    api.routes[`DELETE /v1/imports/${firstId}`] = () => {
      imports = imports.filter((item) => item.id !== firstId);
      return { status: 204 };
    };
    setup({ role: 'manager' });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delete import DistroKid_1700000000000.tsv' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this import?' });
    expect(api.requests.some((request) => request.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete import' }));
    await waitFor(() =>
      expect(mocks.showToast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Import deleted', type: 'success' }),
      ),
    );
    await waitFor(() => expect(screen.queryByText('DistroKid_1700000000000.tsv')).toBeNull());
  });

  it('offers the kept original for download (to a viewer too), under its own name', async () => {
    imports = [
      buildImport({ isFileKept: true, fileName: 'Relevé mai.tsv' }),
      buildImport({ id: secondId, fileName: 'not-kept.tsv' }),
    ];
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:original');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const downloads: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    api.routes[`GET /v1/imports/${firstId}/file`] = () => ({
      status: 200,
      data: new Blob(['Reporting Date\tSale Month\n'], { type: 'text/tab-separated-values' }),
    });
    setup({ role: 'viewer' });
    const table = await screen.findByRole('table', { name: 'Import history' });
    const notKept = (await within(table).findByText('not-kept.tsv')).closest('tr') as HTMLElement;
    expect(within(notKept).queryByRole('button', { name: /Download the original/ })).toBeNull();

    fireEvent.click(
      within(table).getByRole('button', { name: 'Download the original file Relevé mai.tsv' }),
    );
    await waitFor(() => expect(downloads).toEqual(['Relevé mai.tsv']));
    const request = api.requests.find((entry) => entry.url === `/v1/imports/${firstId}/file`);
    expect(request?.config.responseType).toBe('blob');
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    click.mockRestore();
  });

  it('shows a viewer no delete and no upload', async () => {
    setup({ role: 'viewer' });
    await screen.findByText('DistroKid_1700000000000.tsv');
    expect(screen.queryByRole('button', { name: /^Delete import/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(
      (screen.getByRole('button', { name: 'Choose files' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (screen.getByRole('checkbox', { name: /Keep a copy/ }) as HTMLInputElement).disabled,
    ).toBe(true);
  });
});
