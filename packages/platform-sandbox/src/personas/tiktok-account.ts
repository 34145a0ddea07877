import { DAY_MS } from '../dates';
import { BASE64URL_ALPHABET, DIGITS, createRng } from '../random';
import type { PersonaBuildInput } from './definitions';

/**
 * The persona's TikTok account. TikTok's Display API only gives lifetime counts as they stand
 * now, so every count here is a pure function of (seed, sandbox time): moving the clock moves the
 * counts, the same way on every run, and never backwards.
 */
export type TikTokVideo = {
  id: string;
  /** The song the video is about: one of the persona's releases on YouTube. */
  song: string;
  title: string;
  description: string;
  createTimeMs: number;
  durationSeconds: number;
  /** Views the video tends towards, its decay (days) and its long-tail views per day. */
  plateauViews: number;
  decayDays: number;
  tailViewsPerDay: number;
  likeRate: number;
  commentRate: number;
  shareRate: number;
};

export type TikTokCounts = { views: number; likes: number; comments: number; shares: number };

export type TikTokAccount = {
  openId: string;
  unionId: string;
  username: string;
  displayName: string;
  bio: string;
  isVerified: boolean;
  followingCount: number;
  /** Song titles, oldest release first (the YouTube releases' titles). */
  songs: readonly string[];
  /** Every video, newest first, including those scheduled after the anchor day. */
  videos: readonly TikTokVideo[];
  videosById: ReadonlyMap<string, TikTokVideo>;
  followersAt(nowMs: number): number;
};

/** A song: its title and the day it came out (from the YouTube channel's official videos). */
export type Song = { title: string; day: number };

/** Days of videos generated after the anchor day, so a clock moved forward sees new posts. */
const FUTURE_DAYS = 400;
const FORMATS = [
  'snippet',
  'behind the song',
  'acoustic take',
  'duet this',
  'lyrics on screen',
  'studio story',
  'live clip',
];

/** Lifetime counts of a video at `nowMs` (zero before it is posted). */
export function countsAt(video: TikTokVideo, nowMs: number): TikTokCounts {
  const ageDays = (nowMs - video.createTimeMs) / DAY_MS;
  if (ageDays <= 0) return { views: 0, likes: 0, comments: 0, shares: 0 };
  const views = Math.floor(
    video.plateauViews * (1 - Math.exp(-ageDays / video.decayDays)) +
      video.tailViewsPerDay * ageDays,
  );
  // Floors of a non-decreasing count: every count only grows as the clock moves.
  return {
    views,
    likes: Math.floor(views * video.likeRate),
    comments: Math.floor(views * video.commentRate),
    shares: Math.floor(views * video.shareRate),
  };
}

export function isPosted(video: TikTokVideo, nowMs: number): boolean {
  return video.createTimeMs <= nowMs;
}

export function buildTikTokAccount(input: PersonaBuildInput & { songs: Song[] }): TikTokAccount {
  const { definition, seed, anchorDay, releaseDays, songs } = input;
  const config = definition.tiktok;
  const rng = createRng(seed);
  const startDay = anchorDay - config.historyDays;
  const songTitles = songs.map((song) => song.title);
  const fallbackSong = songTitles[0] ?? `${definition.artistName} demo`;

  type Slot = { day: number; isRelease: boolean };
  const slots: Slot[] = [];
  for (const day of releaseDays) {
    if (day >= startDay) slots.push({ day, isRelease: true });
  }
  for (let day = startDay; day < anchorDay + FUTURE_DAYS; day += 1) {
    if (rng.next() < config.videosPerWeek / 7) slots.push({ day, isRelease: false });
  }
  slots.sort((a, b) => a.day - b.day);

  const usedIds = new Set<string>();
  const videos: TikTokVideo[] = slots.map((slot) => {
    let id = `7${rng.chars(DIGITS, 18)}`;
    while (usedIds.has(id)) id = `7${rng.chars(DIGITS, 18)}`;
    usedIds.add(id);
    // A release day's teaser is that release's song; other videos mostly the latest release.
    const released = songs.filter((song) => song.day <= slot.day);
    const latest = released.at(-1)?.title;
    const song = slot.isRelease
      ? (songs.find((candidate) => candidate.day === slot.day)?.title ?? latest ?? fallbackSong)
      : rng.next() < 0.65 && latest
        ? latest
        : released.length > 0
          ? rng.pick(released).title
          : fallbackSong;
    const format = slot.isRelease ? 'out now' : rng.pick(FORMATS);
    const growth = 0.4 + 0.6 * Math.min(1, (slot.day - startDay) / config.historyDays);
    const plateauViews = Math.max(
      40,
      config.medianViews * Math.exp(0.9 * rng.normal()) * growth * (slot.isRelease ? 4 : 1),
    );
    const likeRate = 0.06 + 0.07 * rng.next();
    return {
      id,
      song,
      title: `${song} — ${format} #newmusic`,
      description: `${song} by ${definition.artistName} (${format}). #${definition.handle}`,
      createTimeMs: slot.day * DAY_MS + rng.int(10 * 3600, 22 * 3600) * 1000,
      durationSeconds: rng.int(9, 60),
      plateauViews,
      decayDays: 1.5 + 5 * rng.next(),
      tailViewsPerDay: plateauViews * (0.0004 + 0.0012 * rng.next()),
      likeRate,
      commentRate: likeRate * (0.01 + 0.03 * rng.next()),
      shareRate: likeRate * (0.04 + 0.1 * rng.next()),
    };
  });
  videos.sort((a, b) => b.createTimeMs - a.createTimeMs);

  const anchorMs = anchorDay * DAY_MS;
  const dailyGrowth = 0.0008 + 0.0012 * rng.next();
  const openId = `-000${rng.chars(BASE64URL_ALPHABET, 40)}`;
  return {
    openId,
    unionId: `c9c60f44-${rng.chars('0123456789abcdef', 4)}-${rng.chars('0123456789abcdef', 4)}-a4c1-${rng.chars('0123456789abcdef', 12)}`,
    username: config.username,
    displayName: definition.artistName,
    bio: `${definition.artistName} · new music every release`,
    isVerified: config.isVerified,
    followingCount: config.following,
    songs: songTitles,
    videos,
    videosById: new Map(videos.map((video) => [video.id, video])),
    followersAt(nowMs: number): number {
      const days = (nowMs - anchorMs) / DAY_MS;
      return Math.max(0, Math.round(config.followers * Math.exp(dailyGrowth * days)));
    },
  };
}

/** The persona's songs: the titles of the official videos YouTube got on each release day. */
export function songsOf(
  videos: readonly { title: string; publishDay: number; contentType: string }[],
  releaseDays: readonly number[],
  artistName: string,
): Song[] {
  const songs: Song[] = [];
  const prefix = `${artistName} - `;
  for (const day of releaseDays) {
    const video = videos.find(
      (candidate) =>
        candidate.publishDay === day &&
        candidate.contentType === 'VIDEO_ON_DEMAND' &&
        candidate.title.startsWith(prefix) &&
        candidate.title.endsWith(' (Official Video)'),
    );
    if (video) {
      songs.push({
        title: video.title.slice(prefix.length, -' (Official Video)'.length),
        day,
      });
    }
  }
  return songs;
}
