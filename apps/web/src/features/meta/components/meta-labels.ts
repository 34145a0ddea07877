/** Series colours per platform, light and dark. */
export const platformColors = {
  instagram: { light: '#db2777', dark: '#f472b6' },
  facebook: { light: '#2563eb', dark: '#60a5fa' },
} as const;
