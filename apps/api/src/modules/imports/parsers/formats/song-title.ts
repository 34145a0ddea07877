/**
 * A Spotify for Artists song timeline names its song only in the file name. The rule: drop the
 * folder and the extension, a browser's duplicate marker (` (1)`), then — repeatedly, from the
 * end — dates and date ranges (`2024-01-01`, `20240101`), period words (`28days`, `last 12 months`,
 * `since 2015`, `all time`) and export words (`timeline`, `streams`, `stats`, `spotify`, `song`,
 * `export`, `data`, `csv`) with the `_`/`-`/`–` before them; underscores become spaces. When
 * nothing is left (a song called "Timeline"), the name without its extension is the title.
 */
const trailingNoise = [
  /[\s_\-–]*\(\d+\)$/,
  /[\s_\-–]*\d{4}-?\d{2}-?\d{2}[\s_]*(to|[-–])[\s_]*\d{4}-?\d{2}-?\d{2}$/i,
  /[\s_\-–]*\d{4}-?\d{2}-?\d{2}$/,
  /[\s_\-–]*(last[\s_-]*)?\d+[\s_-]*(days?|weeks?|months?|years?)$/i,
  /[\s_\-–]*(since[\s_-]*\d{4}|all[\s_-]*time)$/i,
  /[\s_\-–]*(timeline|streams|stats|statistics|spotify|song|export|data|csv|for artists)$/i,
];

export function readSongTitleFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const withoutExtension = base.replace(/\.(csv|tsv|txt)$/i, '');
  let title = withoutExtension;
  let previous = '';
  while (previous !== title) {
    previous = title;
    for (const pattern of trailingNoise) title = title.replace(pattern, '');
  }
  const cleaned = title.replace(/_/g, ' ').replace(/\s+/g, ' ').trim();
  return cleaned.length > 0 ? cleaned : withoutExtension.replace(/_/g, ' ').trim();
}
