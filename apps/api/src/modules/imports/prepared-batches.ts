import { CurrencyTotals } from './decimal-sum';
import type { ImportOutcome } from './import-outcome.repository';
import type {
  ImportRecord,
  ParsedRow,
  SpotifyAudienceDayRecord,
  SpotifyPlaylistRecord,
  SpotifySongDayRecord,
  SpotifySongRecord,
  StatementRecord,
} from './parsers/types';

// A file's rows as the job writes them (decision 0040): batches of statement lines already in
// the shape the database reads (UTF-8 bytes of a JSON array, with their occurrence in the file),
// the catalogue names they carry, Spotify rows, and the running figures of the file. Made where
// the file is parsed (a worker thread, or the job's thread), so the thread that writes allocates
// next to nothing per line.

/** A release named by a batch's lines (its first title in the batch). */
export type ReleaseName = { upc: string; title: string };
/** A song named by a batch's lines: its first line's title and artist, and the first UPC given. */
export type SongName = { isrc: string; title: string; artist: string | null; upc: string | null };

/** A batch's statement lines: `lines` is the JSON array the insert reads, as UTF-8 bytes. */
export type StatementBatch = {
  count: number;
  lines: Uint8Array;
  releases: ReleaseName[];
  songs: SongName[];
};

/** The columns of one statement line in a batch's JSON (the insert's record type). */
export type StatementLineJson = {
  fingerprint: string;
  occurrence: number;
  sale_month: string;
  reported_month: string | null;
  store: string;
  store_name: string;
  country: string | null;
  isrc: string | null;
  upc: string | null;
  title: string | null;
  item_type: StatementRecord['itemType'];
  quantity: number;
  earnings: string;
  currency: string;
  is_account_currency: boolean;
};

export type PreparedBatch = {
  /** Data lines read when the batch was handed over (the progress shown). */
  rowsTotal: number;
  /** The last line read by then. */
  lastLine: number;
  statements: StatementBatch | null;
  audienceDays: SpotifyAudienceDayRecord[];
  songDays: SpotifySongDayRecord[];
  songStats: SpotifySongRecord[];
  playlists: SpotifyPlaylistRecord[];
};

/** The file's own figures: everything of the outcome but what the writes decide. */
export type FileFigures = Omit<ImportOutcome, 'rowsImported' | 'rowsDuplicate'> & {
  /** The last line read (where a file that breaks off broke). */
  lastLine: number;
};

const maxRejectionsKept = 100;

/** Month bounds: `2024-03` → 2024-03-01 and 2024-03-31. */
function monthBounds(first: string, last: string) {
  const [year, month] = last.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${first}-01`, to: `${last}-${String(lastDay).padStart(2, '0')}` };
}

/** Running figures of one pass over the file. */
class FileTally {
  rowsTotal = 0;
  rowsRejected = 0;
  lastLine = 0;
  private quantity = 0;
  private readonly earnings = new CurrencyTotals();
  private readonly rejections: { line: number; reason: string }[] = [];
  private first: string | null = null;
  private last: string | null = null;
  private granularity: 'day' | 'month' | null = null;

  reject(row: Extract<ParsedRow, { ok: false }>): void {
    this.rowsRejected += 1;
    if (this.rejections.length < maxRejectionsKept) {
      this.rejections.push({ line: row.lineNumber, reason: row.reason });
    }
  }

  count(record: ImportRecord): void {
    let mark: string | null = null;
    switch (record.kind) {
      case 'statement':
        this.quantity += record.quantity;
        this.earnings.add(record.currency, record.earnings);
        mark = record.saleMonth;
        this.granularity = 'month';
        break;
      case 'spotify_audience_day':
        this.quantity += record.streams ?? 0;
        mark = record.day;
        this.granularity = 'day';
        break;
      case 'spotify_song_day':
        this.quantity += record.streams;
        mark = record.day;
        this.granularity = 'day';
        break;
      case 'spotify_song':
      case 'spotify_playlist':
        this.quantity += record.streams ?? 0;
        break;
    }
    if (mark) {
      if (!this.first || mark < this.first) this.first = mark;
      if (!this.last || mark > this.last) this.last = mark;
    }
  }

  figures(): FileFigures {
    let period: FileFigures['period'] = null;
    if (this.first && this.last && this.granularity === 'month') {
      period = { ...monthBounds(this.first, this.last), granularity: 'month' };
    } else if (this.first && this.last && this.granularity === 'day') {
      period = { from: this.first, to: this.last, granularity: 'day' };
    }
    return {
      rowsTotal: this.rowsTotal,
      rowsRejected: this.rowsRejected,
      rejections: [...this.rejections],
      lastLine: this.lastLine,
      period,
      // Units are whole or quarter numbers in files; four decimals is the column's scale.
      totals: {
        quantity: Math.round(this.quantity * 10_000) / 10_000,
        earnings: this.earnings.toList(),
      },
    };
  }
}

/**
 * The key under which a file's identical lines are counted: the first 128 bits of the line's
 * SHA-256 fingerprint as a 16-character string. The map holds one key per distinct line of the
 * file (200,000 for the largest statements), and a 64-character hex key costs twice the memory;
 * 128 bits keep two different lines apart as surely as the full hash does in practice.
 */
function occurrenceKey(fingerprint: string): string {
  return Buffer.from(fingerprint.slice(0, 32), 'hex').toString('latin1');
}

/** Figures of a file of which nothing was read. */
export function noFigures(): FileFigures {
  return new FileTally().figures();
}

const encoder = new TextEncoder();

/** Turns a file's parsed rows into batches of `batchSize` lines, and keeps the file's figures. */
export class BatchPreparer {
  private readonly tally = new FileTally();
  /** How many times each distinct statement line was seen so far (the n-th is a line of its own). */
  private readonly occurrences = new Map<string, number>();
  private size = 0;
  private lines: StatementLineJson[] = [];
  private releases = new Map<string, ReleaseName>();
  private songs = new Map<string, SongName>();
  private audienceDays: SpotifyAudienceDayRecord[] = [];
  private songDays: SpotifySongDayRecord[] = [];
  private songStats: SpotifySongRecord[] = [];
  private playlists: SpotifyPlaylistRecord[] = [];

  constructor(private readonly batchSize: number) {}

  /** Takes the next row; returns a batch once `batchSize` lines are held. */
  add(row: ParsedRow): PreparedBatch | null {
    this.tally.rowsTotal += 1;
    this.tally.lastLine = row.lineNumber;
    if (!row.ok) {
      this.tally.reject(row);
      return null;
    }
    const { record } = row;
    this.tally.count(record);
    if (record.kind === 'statement') this.addStatement(record, row.fingerprint);
    else if (record.kind === 'spotify_audience_day') this.audienceDays.push(record);
    else if (record.kind === 'spotify_song_day') this.songDays.push(record);
    else if (record.kind === 'spotify_song') this.songStats.push(record);
    else this.playlists.push(record);
    this.size += 1;
    return this.size >= this.batchSize ? this.take() : null;
  }

  /** The lines held since the last batch, or null when there are none. */
  take(): PreparedBatch | null {
    if (this.size === 0) return null;
    const batch: PreparedBatch = {
      rowsTotal: this.tally.rowsTotal,
      lastLine: this.tally.lastLine,
      statements:
        this.lines.length === 0
          ? null
          : {
              count: this.lines.length,
              lines: encoder.encode(JSON.stringify(this.lines)),
              releases: [...this.releases.values()],
              songs: [...this.songs.values()],
            },
      audienceDays: this.audienceDays,
      songDays: this.songDays,
      songStats: this.songStats,
      playlists: this.playlists,
    };
    this.size = 0;
    this.lines = [];
    this.releases = new Map();
    this.songs = new Map();
    this.audienceDays = [];
    this.songDays = [];
    this.songStats = [];
    this.playlists = [];
    return batch;
  }

  /** The file's figures so far (all of them once every row was added). */
  figures(): FileFigures {
    return this.tally.figures();
  }

  private addStatement(record: StatementRecord, fingerprint: string): void {
    const key = occurrenceKey(fingerprint);
    const occurrence = (this.occurrences.get(key) ?? 0) + 1;
    this.occurrences.set(key, occurrence);
    if (record.upc && !this.releases.has(record.upc)) {
      this.releases.set(record.upc, {
        upc: record.upc,
        title: record.releaseTitle ?? record.title ?? record.upc,
      });
    }
    if (record.isrc) {
      const song = this.songs.get(record.isrc);
      if (!song) {
        this.songs.set(record.isrc, {
          isrc: record.isrc,
          title: record.title ?? record.isrc,
          artist: record.artist,
          upc: record.upc,
        });
      } else if (!song.upc && record.upc) {
        song.upc = record.upc;
      }
    }
    this.lines.push({
      fingerprint,
      occurrence,
      sale_month: `${record.saleMonth}-01`,
      reported_month: record.reportedMonth ? `${record.reportedMonth}-01` : null,
      store: record.store,
      store_name: record.storeName,
      country: record.country,
      isrc: record.isrc,
      upc: record.upc,
      title: record.title,
      item_type: record.itemType,
      quantity: record.quantity,
      earnings: record.earnings,
      currency: record.currency,
      is_account_currency: record.isAccountCurrency,
    });
  }
}
