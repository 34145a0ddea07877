import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { documentTitleFor, pageTitles } from './page-titles';

describe('document titles', () => {
  it('gives every page its own title', () => {
    expect(documentTitleFor('/dashboard/audience')).toBe('Audience · Crescendo');
    expect(documentTitleFor('/settings/profile/')).toBe('Artist profile · Crescendo');
    expect(documentTitleFor('/no/such/page')).toBe('Crescendo');
    expect(documentTitleFor('/dashboard/songs/USS1Z2400001')).toBe('Song · Crescendo');
    expect(documentTitleFor('/dashboard/songs')).toBe('Songs · Crescendo');
    const titles = Object.values(paths).map((path) => pageTitles[path]);
    expect(titles.every(Boolean)).toBe(true);
    // Only the payment returns share a name (they are the same outcome).
    const duplicates = titles.filter((title, index) => titles.indexOf(title) !== index);
    expect(duplicates).toEqual(['Payment']);
  });
});
