import type { RunningSandbox } from '@crescendo/platform-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createUser,
  type SignedInUser,
  type TestApp,
} from '../../../testing/build-test-app';
import { connectAs, drainSyncJobs } from '../../../testing/sandbox-connections';
import { youtubeReport } from '../../../testing/sandbox-reports';
import { startSandboxTestApp } from '../../../testing/synced-artist';
import { databaseTargets } from '../../../testing/test-database';

type Result = {
  campaign: { id: string; name: string; channel: string; measureOn: string };
  platforms: string[];
  measuredDays: number;
  viewsDuring: number | null;
  followersDuring: number | null;
};

const from = '2025-06-01';
const to = '2025-06-07';

describe.each(databaseTargets)(
  'a campaign is measured on its channel’s platforms on %s',
  (target) => {
    let sandbox: RunningSandbox;
    let testApp: TestApp;
    let artist: SignedInUser;

    beforeAll(async () => {
      ({ sandbox, testApp } = await startSandboxTestApp(target, {
        backfillDays: 60,
        now: '2025-06-15T12:00:00Z',
      }));
      artist = await createUser(testApp, 'customer');
      await connectAs(testApp, artist.token, 'youtube', 'mid');
      await connectAs(testApp, artist.token, 'meta', 'mid');
      await drainSyncJobs(testApp);
    }, 300_000);
    afterAll(async () => {
      await testApp?.close();
      await sandbox?.close();
    });

    const post = (payload: Record<string, unknown>) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/dashboard/roi/campaigns',
        headers: bearer(artist.token),
        payload: { amount: 100, startDate: from, endDate: to, ...payload },
      });
    const roiOf = async (platform: string) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/dashboard/roi?range=all&platform=${platform}`,
        headers: bearer(artist.token),
      });
      expect(response.statusCode).toBe(200);
      const body = response.json() as { campaigns: Result[] };
      return (name: string) => body.campaigns.find((entry) => entry.campaign.name === name)!;
    };

    it('reads YouTube ads on YouTube, Meta ads on Instagram and Facebook, "all" on every platform', async () => {
      for (const payload of [
        { name: 'YouTube ads', channel: 'youtube_ads' },
        { name: 'Meta ads', channel: 'meta_ads' },
        { name: 'YouTube ads, judged everywhere', channel: 'youtube_ads', measureOn: 'all' },
        { name: 'Press', channel: 'pr' },
      ]) {
        expect((await post(payload)).statusCode).toBe(201);
      }
      const result = await roiOf('all');
      const youtube = result('YouTube ads');
      const meta = result('Meta ads');
      const everywhere = result('YouTube ads, judged everywhere');
      // The default follows the channel; a channel without a platform is measured on all of them.
      expect(youtube.campaign.measureOn).toBe('channel');
      expect(youtube.platforms).toEqual(['youtube']);
      expect(meta.platforms).toEqual(['instagram', 'facebook']);
      expect(everywhere.campaign.measureOn).toBe('all');
      expect(result('Press').campaign.measureOn).toBe('all');
      expect(everywhere.platforms).toEqual(['youtube', 'instagram', 'facebook', 'tiktok']);

      // YouTube ads: YouTube Analytics' own views for the campaign's days, nothing from Meta.
      const [row] = await youtubeReport(sandbox, {
        startDate: from,
        endDate: to,
        metrics: 'views',
      });
      expect(youtube.measuredDays).toBe(7);
      expect(youtube.viewsDuring).toBe(Number(row?.views));
      expect(meta.viewsDuring).toBeGreaterThan(0);
      // "All" adds every platform's days: YouTube's and Meta's.
      expect(everywhere.viewsDuring).toBe(youtube.viewsDuring! + meta.viewsDuring!);
      expect(result('Press').viewsDuring).toBe(everywhere.viewsDuring);

      // The page's platform filter narrows it: a YouTube campaign has nothing on Instagram.
      const onInstagram = (await roiOf('instagram'))('YouTube ads');
      expect(onInstagram.platforms).toEqual([]);
      expect(onInstagram.viewsDuring).toBeNull();
      expect(onInstagram.measuredDays).toBe(0);
    });

    it('refuses a measure that is neither channel nor all', async () => {
      const response = await post({ name: 'Odd', channel: 'youtube_ads', measureOn: 'youtube' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    });
  },
);
