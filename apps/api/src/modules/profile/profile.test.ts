import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createUser,
  type SignedInUser,
  type TestApp,
} from '../../testing/build-test-app';
import { databaseTargets } from '../../testing/test-database';

const completeProfile = {
  artistName: 'Nova Lane',
  bio: 'Dream pop from Manchester.',
  genres: ['dream pop', 'indie', 'dream pop'],
  country: 'GB',
  city: 'Manchester',
  careerStage: 'developing',
  goals: ['100k subscribers'],
  timezone: 'Europe/London',
  avatarUrl: 'https://cdn.example.com/nova.jpg',
  links: {
    website: 'https://novalane.example.com',
    spotify: 'https://open.spotify.com/artist/1',
    appleMusic: 'https://music.apple.com/artist/1',
    soundcloud: 'https://soundcloud.com/nova',
    bandcamp: 'https://nova.bandcamp.com',
    tiktok: 'https://www.tiktok.com/@nova',
    instagram: 'https://www.instagram.com/nova',
    youtube: 'https://www.youtube.com/@nova',
  },
};

describe.each(databaseTargets)('artist profile on %s', (target) => {
  let testApp: TestApp;
  let artist: SignedInUser;
  let otherArtist: SignedInUser;
  beforeAll(async () => {
    testApp = await buildTestApp(target);
    artist = await createUser(testApp, 'customer');
    otherArtist = await createUser(testApp, 'customer');
  });
  afterAll(async () => testApp.close());

  const call = (method: 'GET' | 'POST' | 'PUT', token: string | null, payload?: object) =>
    testApp.app.inject({
      method,
      url: '/api/artist/profile',
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });

  it('answers 404 before a profile exists, for GET and PUT', async () => {
    expect((await call('GET', artist.token)).statusCode).toBe(404);
    const put = await call('PUT', artist.token, completeProfile);
    expect(put.statusCode).toBe(404);
    expect(put.json().error.code).toBe('NOT_FOUND');
  });

  it('creates, reads and replaces the profile of the caller’s organisation', async () => {
    const created = await call('POST', artist.token, completeProfile);
    expect(created.statusCode).toBe(201);
    const profile = created.json().profile;
    expect(profile).toMatchObject({
      organizationId: artist.me.organization.id,
      artistName: 'Nova Lane',
      genres: ['dream pop', 'indie'],
      links: completeProfile.links,
    });
    expect((await call('GET', artist.token)).json().profile).toEqual(profile);

    const replaced = await call('PUT', artist.token, {
      artistName: 'Nova Lane & The Tides',
      links: { website: null },
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().profile).toMatchObject({
      id: profile.id,
      artistName: 'Nova Lane & The Tides',
      bio: null,
      genres: [],
      links: {},
    });
  });

  it('refuses a second POST with 409 and keeps the existing profile', async () => {
    const before = (await call('GET', artist.token)).json().profile;
    const conflict = await call('POST', artist.token, { artistName: 'Someone else' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.code).toBe('CONFLICT');
    expect((await call('GET', artist.token)).json().profile).toEqual(before);
  });

  it('names every invalid field and changes nothing', async () => {
    const before = (await call('GET', artist.token)).json().profile;
    const response = await call('PUT', artist.token, {
      artistName: '   ',
      country: 'United Kingdom',
      timezone: 'Mars/Olympus',
      careerStage: 'superstar',
      avatarUrl: 'http://insecure.example.com/a.png',
      links: { spotify: 'javascript:alert(1)', myspace: 'https://myspace.com/x' },
      unknownField: true,
    });
    expect(response.statusCode).toBe(400);
    const error = response.json().error;
    expect(error.code).toBe('VALIDATION_FAILED');
    const fields = error.details.fields.map((field: { field: string }) => field.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'artistName',
        'country',
        'timezone',
        'careerStage',
        'avatarUrl',
        'links.spotify',
        'links.myspace',
        'unknownField',
      ]),
    );
    expect(error.details.fields).toContainEqual({
      field: 'artistName',
      message: 'Artist name is required',
    });
    expect(error.details.fields).toContainEqual({
      field: 'avatarUrl',
      message: 'Must be an https:// URL',
    });
    expect((await call('GET', artist.token)).json().profile).toEqual(before);
  });

  it('requires artistName on create', async () => {
    const response = await call('POST', otherArtist.token, { bio: 'no name' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields).toContainEqual({
      field: 'artistName',
      message: 'Artist name is required',
    });
  });

  it("never shows or changes another organisation's profile", async () => {
    const mine = (await call('GET', artist.token)).json().profile;
    expect((await call('GET', otherArtist.token)).statusCode).toBe(404);
    const created = await call('POST', otherArtist.token, { artistName: 'Other Act' });
    expect(created.statusCode).toBe(201);
    expect(created.json().profile.organizationId).toBe(otherArtist.me.organization.id);
    expect(created.json().profile.id).not.toBe(mine.id);
    await call('PUT', otherArtist.token, { artistName: 'Other Act Renamed' });
    expect((await call('GET', artist.token)).json().profile).toEqual(mine);
  });

  it('is for customers and admins: leads get 403, strangers 401', async () => {
    const lead = await createUser(testApp, 'lead');
    expect((await call('GET', lead.token)).statusCode).toBe(403);
    expect((await call('POST', lead.token, { artistName: 'x' })).statusCode).toBe(403);
    expect((await call('GET', null)).statusCode).toBe(401);
    const admin = await createUser(testApp, 'admin');
    expect((await call('POST', admin.token, { artistName: 'Label Showcase' })).statusCode).toBe(
      201,
    );
  });
});
