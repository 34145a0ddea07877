/**
 * A DistroKid statement of any length for the import bench: streamed in batches (constant
 * memory), deterministic, every line distinct, about 200 bytes a line like real files with long
 * titles. Lines cycle through 20 songs, 6 stores and 12 countries over 36 sale months.
 */
const header =
  'Date Inserted\tReporting Date\tSale Month\tStore\tArtist\tTitle\tISRC\tUPC\tQuantity\tTeam Percentage\tSource Type\tCountry of Sale\tSongwriter Royalties Withheld (USD)\tEarnings (USD)\tRecoup (USD)\n';
const stores = ['Spotify', 'Apple Music', 'YouTube (Red)', 'Amazon Unlimited', 'Deezer', 'TikTok'];
const countries = ['US', 'GB', 'DE', 'FR', 'IT', 'ES', 'BR', 'MX', 'CA', 'AU', 'IN', 'JP'];
const batchLines = 2_000;

function lineAt(index: number): string {
  const song = index % 20;
  const store = Math.floor(index / 20) % stores.length;
  const country = Math.floor(index / 120) % countries.length;
  const monthIndex = Math.floor(index / 1_440) % 36;
  const year = 2023 + Math.floor(monthIndex / 12);
  const month = String((monthIndex % 12) + 1).padStart(2, '0');
  const quantity = 1 + ((index * 7919) % 5_000);
  const earnings = (quantity * 3_791 + (index % 997)).toString().padStart(10, '0');
  return [
    `${year}-${month}-28`,
    `${year}-${month}-28`,
    `${year}-${month}`,
    stores[store],
    'The Midnight Static',
    `Midnight Static Song Number ${String(song + 1).padStart(2, '0')} (Extended Club Version, Remastered 2024 #${Math.floor(index / 51_840)})`,
    `USMS1${String(23 + Math.floor(monthIndex / 12)).slice(-2)}${String(song + 1).padStart(5, '0')}`,
    song % 5 === 0 ? '196589000001' : '',
    quantity,
    100,
    'Song',
    countries[country],
    '0.000000000000',
    `${earnings.slice(0, 1)}.${earnings.slice(1)}`,
    '',
  ].join('\t');
}

export async function* generateLargeDistroKidStatement(lineCount: number): AsyncGenerator<Buffer> {
  yield Buffer.from(header, 'utf8');
  for (let start = 0; start < lineCount; start += batchLines) {
    const end = Math.min(lineCount, start + batchLines);
    const lines: string[] = [];
    for (let index = start; index < end; index += 1) lines.push(lineAt(index));
    yield Buffer.from(`${lines.join('\n')}\n`, 'utf8');
  }
}
