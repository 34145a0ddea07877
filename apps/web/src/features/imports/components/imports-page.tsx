import { importFormats, importRejectionRule } from '@crescendo/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { env } from '@/config/env';
import { ImportHistory } from './import-history';
import { importFormatLabels, maxFileSizeLabel } from './import-labels';
import { ImportUploader } from './import-uploader';
import { SampleStatements } from './sample-statements';

/**
 * Settings → Imports: the artist's own files (Spotify for Artists exports, distributor
 * statements) uploaded, followed while they are read, listed, and deleted by owners and managers.
 */
export function ImportsPage({ isSandbox = env.sandbox }: { isSandbox?: boolean }) {
  return (
    <div className="flex max-w-5xl min-w-0 flex-col gap-6">
      <PageHeader
        title="Imports"
        description="Spotify gives no streams through its API and distributors have no earnings API: upload the files you download from them, and Crescendo joins them with your platforms."
      />
      <Card>
        <CardHeader>
          <CardTitle>Upload files</CardTitle>
          <CardDescription>
            Supported: {importFormats.map((format) => importFormatLabels[format]).join(', ')}.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <ImportUploader />
          <ul className="list-disc space-y-1 pl-5 text-xs text-zinc-600 dark:text-zinc-400">
            <li>{importRejectionRule}</li>
            <li>
              Files up to {maxFileSizeLabel} each. A line already imported (the same file again, or
              an overlapping statement) is never counted twice.
            </li>
            <li>
              Your files are read and then discarded: only their lines are kept, unless you tick
              “Keep a copy of the original file”.
            </li>
          </ul>
        </CardContent>
      </Card>
      {isSandbox ? <SampleStatements /> : null}
      <Card className="min-w-0 overflow-hidden">
        <CardHeader>
          <CardTitle>History</CardTitle>
          <CardDescription>
            Deleting an import removes its lines from every figure; nothing else is touched.
          </CardDescription>
        </CardHeader>
        <ImportHistory />
      </Card>
    </div>
  );
}
