import { createContext, type ComponentType } from 'react';

export type SongPickerComponent = ComponentType<{
  value: string;
  onChange: (isrc: string) => void;
  id?: string;
}>;

/**
 * The campaign form's song picker, provided by the route (songs belong to another feature, and
 * features never import each other). Without one the form has no song field.
 */
export const SongPickerSlot = createContext<SongPickerComponent | null>(null);
