import { useId } from 'react';
import { Select } from '@/components/ui/input';
import { useSongs } from '../api/list-songs';

export type SongPickerProps = {
  value: string;
  onChange: (isrc: string) => void;
  id?: string;
};

/** An optional song for a form (the campaign form): the catalogue's songs by title, or none. */
export function SongPicker({ value, onChange, id }: SongPickerProps) {
  const fallbackId = useId();
  const songs = useSongs();
  const list = songs.data?.songs ?? [];
  return (
    <Select
      id={id ?? fallbackId}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={songs.isPending && !songs.isError}
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
