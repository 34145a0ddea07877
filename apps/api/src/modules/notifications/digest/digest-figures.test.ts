import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxMail, spotifyAudienceDays, imports } from '../../../db/schema';
import { bearer, type SignedInUser } from '../../../testing/build-test-app';
import {
  createSyncedArtist,
  startSandboxTestApp,
  type SandboxTestApp,
} from '../../../testing/synced-artist';
import { databaseTargets } from '../../../testing/test-database';
import { composeDigest } from '..';
import { addDaysToDate } from '../time-zones';
import { formatFigure } from './render-digest';

describe.each(databaseTargets)('weekly digest figures on %s', (target) => {
  let running: SandboxTestApp;
  let artist: SignedInUser;

  beforeAll(async () => {
    running = await startSandboxTestApp(target, { backfillDays: 30 });
    artist = await createSyncedArtist(running.testApp, { youtube: 'mid', meta: 'mid' });
  }, 300_000);
  afterAll(async () => running?.close());

  const appUrl = 'http://localhost:3000';
  const organization = () => ({ id: artist.me.organization.id, name: artist.me.organization.name });

  it('equals the dashboard’s figures for the same week, platform by platform', async () => {
    const digest = await composeDigest(running.testApp.database.db, organization(), { appUrl });
    expect(digest.sections.map((section) => section.id).sort()).toEqual([
      'facebook',
      'instagram',
      'youtube',
    ]);
    expect(addDaysToDate(digest.range.from, 6)).toBe(digest.range.to);
    for (const section of digest.sections) {
      const response = await running.testApp.app.inject({
        method: 'GET',
        url: `/api/dashboard/analytics?from=${digest.range.from}&to=${digest.range.to}&platform=${section.id}`,
        headers: bearer(artist.token),
      });
      expect(response.statusCode).toBe(200);
      const kpis = response.json().byPlatform[section.id];
      const figure = (label: string) => section.figures.find((entry) => entry.label === label);
      expect(figure('Views')).toMatchObject({
        value: kpis.views.value,
        previous: kpis.views.previous,
        change: kpis.views.change,
      });
      expect(figure('Engagements')?.value).toBe(kpis.engagements.value);
      const net = section.figures[0]!;
      expect(net.value).toBe(kpis.followers.net.value);
      expect(net.previous).toBe(kpis.followers.net.previous);
      if (section.id === 'youtube') {
        expect(figure('Watch time (minutes)')?.value).toBe(kpis.watchMinutes.value);
        expect(figure('Estimated revenue')?.value).toBe(kpis.estimatedRevenue.value);
      }
    }
    // Top three, as the content page ranks them for the same days.
    const content = await running.testApp.app.inject({
      method: 'GET',
      url: `/api/dashboard/content?from=${digest.range.from}&to=${digest.range.to}&sort=views&pageSize=3`,
      headers: bearer(artist.token),
    });
    expect(digest.topItems.map((item) => item.title)).toEqual(
      content.json().items.map((item: { title: string }) => item.title),
    );
    expect(digest.biggestChange?.text).toMatch(/(up|down) \d+ %/);
  });

  it('mails the same figures in both parts, and adds imported Spotify streams once they exist', async () => {
    const db = running.testApp.database.db;
    const withoutImports = await composeDigest(db, organization(), { appUrl });
    expect(withoutImports.sections.find((section) => section.id === 'spotify')).toBeUndefined();
    const [upload] = await db
      .insert(imports)
      .values({
        organizationId: organization().id,
        format: 'spotify_audience_timeline',
        source: 'spotify',
        fileName: 'timeline.csv',
        fileBytes: 10,
        contentSha256: 'x'.repeat(64),
        status: 'done',
      })
      .returning({ id: imports.id });
    const days = Array.from({ length: 14 }, (_, index) =>
      addDaysToDate(withoutImports.range.to, -index),
    );
    await db.insert(spotifyAudienceDays).values(
      days.map((day, index) => ({
        organizationId: organization().id,
        day,
        importId: upload!.id,
        listeners: 100 + index,
        streams: index < 7 ? 200 : 100,
        followers: 50,
      })),
    );
    const digest = await composeDigest(db, organization(), { appUrl });
    const spotify = digest.sections.find((section) => section.id === 'spotify');
    expect(spotify?.figures[0]).toMatchObject({
      label: 'Streams',
      value: 1400,
      previous: 700,
      change: 1,
    });

    const sent = await running.testApp.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/digest/send-now',
      headers: bearer(artist.token),
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().range).toEqual({ from: digest.range.from, to: digest.range.to });
    const [mail] = await db
      .select()
      .from(sandboxMail)
      .where(eq(sandboxMail.subject, sent.json().subject));
    const views = digest.sections
      .find((section) => section.id === 'youtube')!
      .figures.find((figure) => figure.label === 'Views')!;
    const shown = formatFigure(views, views.value);
    expect(mail!.html).toMatch(new RegExp(`data-value="${views.value}">\\s*${shown}\\s*<`));
    expect(mail!.text).toContain(`- Views: ${shown}`);
    expect(mail!.text).toContain('- Streams: 1,400 (week before 700, +100 %)');
    expect(mail!.html).toContain(
      `/dashboard?from=${digest.range.from}&amp;to=${digest.range.to}&amp;platform=youtube`,
    );
  });
});
