import type { ShareLink, ShareLinkCreated } from '@crescendo/contracts';
import { Copy, Link2Off } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { useRevokeShareLink, useShareLinks } from '../api/share-links';
import { ShareLinkForm } from './share-link-form';
import { describePlatforms, describeWindow, viewNames } from './share-labels';

const statusTones = { active: 'success', revoked: 'neutral', expired: 'warning' } as const;

function CreatedLink({ created }: { created: ShareLinkCreated }) {
  const url = `${window.location.origin}${created.path}`;
  const [isCopied, setIsCopied] = useState(false);
  return (
    <Alert tone="success" title="Link created. Copy it now: it is shown only once.">
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <Input
          readOnly
          value={url}
          aria-label="Share link"
          onFocus={(event) => event.target.select()}
        />
        <Button
          variant="secondary"
          onClick={() =>
            void navigator.clipboard?.writeText(url).then(
              () => setIsCopied(true),
              () => setIsCopied(false),
            )
          }
        >
          <Copy className="h-4 w-4" aria-hidden="true" />
          {isCopied ? 'Copied' : 'Copy link'}
        </Button>
      </div>
    </Alert>
  );
}

function ShareLinkRow({ link }: { link: ShareLink }) {
  const revoke = useRevokeShareLink();
  const name = link.label ?? `${viewNames[link.view]} · ${describePlatforms(link.platforms)}`;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="truncate font-medium">{name}</p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {viewNames[link.view]} · {describeWindow(link)} · {describePlatforms(link.platforms)}
          {link.hasPassword ? ' · Password' : ''}
          {link.includeRevenue ? ' · With revenue' : ''}
          {link.expiresAt ? ` · Expires ${formatDate(link.expiresAt)}` : ''}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <Badge tone={statusTones[link.status]}>{link.status}</Badge>
        {link.status === 'active' ? (
          <Button
            variant="secondary"
            size="sm"
            isLoading={revoke.isPending}
            aria-label={`Revoke ${name}`}
            onClick={() => revoke.mutate(link.id)}
          >
            <Link2Off className="h-4 w-4" aria-hidden="true" />
            Revoke
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** Settings → Share links: create a verified, read-only link to one view; list and revoke them. */
export function ShareLinksPage() {
  const links = useShareLinks();
  const [created, setCreated] = useState<ShareLinkCreated | null>(null);
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <PageHeader
        title="Share links"
        description="Prove your numbers to a label, a booker or a brand: a read-only page with your verified figures, no sign-in needed."
      />
      <Card>
        <CardHeader>
          <CardTitle>New link</CardTitle>
          <CardDescription>
            Campaigns are never shared; revenue only if you tick it.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {created ? <CreatedLink created={created} /> : null}
          <ShareLinkForm
            connectedPlatforms={links.data?.connectedPlatforms}
            onCreated={setCreated}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Your links</CardTitle>
        </CardHeader>
        <CardContent>
          {links.isPending ? (
            <Skeleton className="h-16 w-full" />
          ) : links.error ? (
            <Alert tone="danger" title="Your links could not be loaded.">
              {links.error.message}
            </Alert>
          ) : links.data.links.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">No links yet.</p>
          ) : (
            <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-label="Share links">
              {links.data.links.map((link) => (
                <ShareLinkRow key={link.id} link={link} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
