/** What a weekly digest says, before it is rendered: the same for every member of an artist. */

export type FigureFormat = 'count' | 'minutes' | 'money' | 'rate';

export type DigestFigure = {
  label: string;
  value: number | null;
  previous: number | null;
  /** Relative: 0.25 = +25 %; null when there is nothing to compare with. */
  change: number | null;
  format: FigureFormat;
  /** ISO 4217, for money. */
  currency?: string;
  /** A figure shown beside the value (e.g. the follower total). */
  note?: string;
};

/** One source's part of the digest: a connected platform, or an imported source. */
export type DigestSection = {
  id: string;
  title: string;
  /** What the figures cover, when it is not the digest's week (a statement month). */
  period?: string;
  figures: DigestFigure[];
  link: { label: string; url: string };
};

export type DigestItem = {
  title: string;
  platform: string;
  views: number | null;
  url: string;
};

export type Digest = {
  organization: { id: string; name: string };
  range: { from: string; to: string; previous: { from: string; to: string } | null };
  hasData: boolean;
  sections: DigestSection[];
  topItems: DigestItem[];
  milestones: { text: string; url: string }[];
  biggestChange: { text: string; reason: string | null; url: string } | null;
  dashboardUrl: string;
};
