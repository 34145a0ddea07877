import { Camera } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

export function MetaPage() {
  return (
    <>
      <PageHeader
        title="Meta"
        description="Instagram and Facebook reach, engagement and follower growth."
      />
      <EmptyState
        icon={Camera}
        title="Connect Instagram & Facebook to see your reach"
        description="Connect Meta to see reach, saves, shares and follower growth for your posts and Reels."
        action={
          <Button asChild>
            <Link to={paths.settingsConnections}>Connect Meta</Link>
          </Button>
        }
      />
    </>
  );
}
