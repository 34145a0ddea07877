import { Download } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useImportSamples } from '../api/list-import-samples';
import { importFormatLabels } from './import-labels';

/** Sandbox mode: the demo persona's statements in every format, to try imports with. */
export function SampleStatements() {
  const samples = useImportSamples({ isEnabled: true });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Download sample statements</CardTitle>
        <CardDescription>
          Sandbox mode: statements and exports for the demo artist, in every supported format, with
          the quirks real files have. Download one, then drop it above.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {samples.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : samples.isError ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            The sample files could not be listed: {samples.error.message}
          </p>
        ) : (
          // Tracks of minmax(0, 1fr): a long file name truncates instead of widening the page.
          <ul aria-label="Sample statements" className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {samples.data.samples.map((sample) => (
              <li key={sample.url} className="min-w-0">
                <a
                  href={sample.url}
                  download={sample.fileName}
                  className="flex items-start gap-2 rounded-lg border border-zinc-200 p-3 text-sm hover:bg-zinc-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:border-zinc-800 dark:hover:bg-zinc-800/60"
                >
                  <Download
                    className="mt-0.5 h-4 w-4 shrink-0 text-brand-700 dark:text-brand-300"
                    aria-hidden="true"
                  />
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{sample.fileName}</span>
                    <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                      {importFormatLabels[sample.format]}
                    </span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
