import { Select, type SelectProps } from '@/components/ui/select';
import { useSongs } from '../api/list-songs';

export type SongPickerProps = Omit<SelectProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (isrc: string) => void;
};

/**
 * An optional song for a form (the campaign form): the catalogue's songs by title, or none. The
 * songs load when the picker shows, not with the page around it.
 */
export function SongPicker({ value, onChange, ...props }: SongPickerProps) {
  const songs = useSongs();
  const list = songs.data?.songs ?? [];
  return (
    <Select
      {...props}
      name="songIsrc"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{songs.isPending ? 'Loading songs…' : 'No song'}</option>
      {list.map((song) => (
        <option key={song.isrc} value={song.isrc}>
          {song.title}
          {song.release ? ` (${song.release.title})` : ''}
        </option>
      ))}
      {value && !list.some((song) => song.isrc === value) ? (
        <option value={value}>{value}</option>
      ) : null}
    </Select>
  );
}
