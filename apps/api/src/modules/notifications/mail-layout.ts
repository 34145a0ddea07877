import mjml2html from 'mjml';
import { escapeHtml, type HtmlFragment } from './html';

/*
 * The notification mails' layout, written in MJML (responsive tables that hold up in Outlook,
 * Gmail and Apple Mail, light and dark) and compiled once per process: compiling takes
 * milliseconds, and a digest run composes thousands. What changes per mail goes into named
 * slots, each filled with escaped text or an `html` fragment (which escapes its values).
 */

const slotPattern = /\[\[slot:([a-zA-Z]+)\]\]/g;
const slot = (name: string) => `[[slot:${name}]]`;

const layoutSource = `
<mjml lang="en">
  <mj-head>
    <mj-title>${slot('title')}</mj-title>
    <mj-preview>${slot('preview')}</mj-preview>
    <mj-attributes>
      <mj-all font-family="-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="1.5" color="#18181b" padding="0 0 12px 0" />
      <mj-section padding="0" />
      <mj-column padding="0" />
    </mj-attributes>
    <mj-style>
      :root { color-scheme: light dark; supported-color-schemes: light dark; }
      .figures { width: 100%; border-collapse: collapse; }
      .figures th { text-align: left; font-weight: 600; font-size: 13px; color: #52525b; padding: 6px 4px; border-bottom: 1px solid #e4e4e7; }
      .figures td { padding: 8px 4px; border-bottom: 1px solid #f4f4f5; font-size: 14px; vertical-align: top; }
      .figures td.number { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
      .up { color: #047857; } .down { color: #b91c1c; } .muted { color: #52525b; font-size: 13px; }
      .card-title { font-size: 17px; font-weight: 700; margin: 0 0 4px; }
      a { color: #6d28d9; }
      @media (prefers-color-scheme: dark) {
        .body-bg, .body-bg > table { background: #09090b !important; }
        .card, .card > table, .card td { background: #18181b !important; }
        .card div, .card td, .card th, .card p, .card li { color: #f4f4f5 !important; }
        .figures th { border-color: #3f3f46 !important; color: #a1a1aa !important; }
        .figures td { border-color: #27272a !important; }
        .up { color: #6ee7b7 !important; } .down { color: #fca5a5 !important; }
        .muted, .card .muted { color: #a1a1aa !important; }
        a, .card a { color: #c4b5fd !important; }
      }
    </mj-style>
  </mj-head>
  <mj-body background-color="#f4f4f5" width="600px" css-class="body-bg">
    <mj-section padding="24px 12px 8px">
      <mj-column>
        <mj-text font-size="13px" color="#6d28d9" font-weight="700" letter-spacing="0.04em">CRESCENDO</mj-text>
        <mj-text font-size="22px" font-weight="700" padding="0 0 4px 0">${slot('heading')}</mj-text>
        <mj-text css-class="muted" padding="0 0 8px 0">${slot('subheading')}</mj-text>
      </mj-column>
    </mj-section>
    <mj-wrapper padding="8px 12px" >
      <mj-section background-color="#ffffff" border-radius="12px" padding="20px 16px" css-class="card">
        <mj-column>
          <mj-text padding="0">${slot('content')}</mj-text>
        </mj-column>
      </mj-section>
    </mj-wrapper>
    <mj-section padding="8px 12px">
      <mj-column>
        <mj-button href="${slot('actionUrl')}" background-color="#6d28d9" color="#ffffff" border-radius="8px" font-weight="600" inner-padding="12px 20px" padding="8px 0 16px">${slot('actionLabel')}</mj-button>
        <mj-text css-class="muted" font-size="12px" color="#52525b">${slot('footer')}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

export type LayoutSlots = {
  title: string;
  preview: string;
  heading: string;
  subheading: string;
  content: HtmlFragment;
  actionUrl: string;
  actionLabel: string;
  footer: HtmlFragment;
};

let compiled: Promise<string> | null = null;

function compileLayout(): Promise<string> {
  compiled ??= Promise.resolve(
    mjml2html(layoutSource, { validationLevel: 'strict', keepComments: false }),
  ).then((result) => {
    if (result.errors.length > 0)
      throw new Error(
        `mail layout: ${result.errors.map((error) => error.formattedMessage).join('; ')}`,
      );
    return result.html;
  });
  return compiled;
}

/** The layout with its slots filled; text slots are escaped, fragment slots already are. */
export async function renderLayout(slots: LayoutSlots): Promise<string> {
  const { footer, ...fixed } = slots;
  return (await prepareLayout(fixed))(footer);
}

const footerMark = '\u0000footer\u0000';

/**
 * The layout filled once with what every recipient shares, answering a function that adds one
 * recipient's footer (their unsubscribe link): a digest run fills the same layout thousands of
 * times, and joining two strings is all that differs per person.
 */
export async function prepareLayout(
  slots: Omit<LayoutSlots, 'footer'>,
): Promise<(footer: HtmlFragment) => string> {
  const layout = await compileLayout();
  const filled = layout.replace(slotPattern, (_match, name: keyof LayoutSlots) => {
    if (name === 'footer') return footerMark;
    const value = slots[name];
    if (value === undefined) return '';
    return typeof value === 'string' ? escapeHtml(value) : value.value;
  });
  const [before, after, ...rest] = filled.split(footerMark);
  if (after === undefined || rest.length > 0) throw new Error('mail layout: one footer slot');
  return (footer) => `${before}${footer.value}${after}`;
}
