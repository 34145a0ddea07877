/*
 * HTML fragments for the mail templates: every interpolated value is escaped unless it is itself
 * a fragment, so what an artist or a platform wrote (titles, names) can never become markup.
 */

const fragmentBrand = Symbol('html-fragment');

export type HtmlFragment = { readonly [fragmentBrand]: true; readonly value: string };

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function isFragment(value: unknown): value is HtmlFragment {
  return typeof value === 'object' && value !== null && fragmentBrand in value;
}

type Interpolation = string | number | null | undefined | HtmlFragment | HtmlFragment[];

function render(value: Interpolation): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((item) => item.value).join('');
  if (isFragment(value)) return value.value;
  return escapeHtml(String(value));
}

/** A tagged template: `html\`<td>${title}</td>\`` escapes `title`. */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): HtmlFragment {
  let value = strings[0] ?? '';
  values.forEach((interpolation, index) => {
    value += render(interpolation) + (strings[index + 1] ?? '');
  });
  return { [fragmentBrand]: true, value };
}

/** Only http(s) links reach a mail; anything else becomes the app's own page. */
export function safeUrl(url: string | null | undefined, fallback: string): string {
  if (!url) return fallback;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:'
      ? parsed.toString()
      : fallback;
  } catch {
    return fallback;
  }
}
