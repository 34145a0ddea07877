export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function formatAmount(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

export function formatDate(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

const STYLE = `:root{color-scheme:light dark}
*,*::before,*::after{box-sizing:border-box}
body{font-family:system-ui,sans-serif;background:#f4f4f5;color:#18181b;margin:0}
main{max-width:34rem;margin:2rem auto;background:#fff;padding:2rem;border-radius:12px;box-shadow:0 1px 3px #0002}
@media (max-width:600px){main{margin:0;border-radius:0;padding:1.25rem}}
.badge{display:inline-block;background:#fde68a;color:#78350f;font-weight:700;padding:.15rem .6rem;border-radius:999px;font-size:.8rem}
h1{font-size:1.4rem;margin:.75rem 0 .25rem}
.amount{font-size:2rem;font-weight:700;margin:.25rem 0 1rem}
fieldset{border:0;padding:0;margin:1rem 0;display:grid;gap:.75rem}
legend{font-weight:600;margin-bottom:.5rem}
label{display:grid;gap:.25rem;font-size:.9rem;font-weight:500}
.choice{display:flex;align-items:center;gap:.5rem;border:1px solid #d4d4d8;border-radius:8px;padding:.6rem .8rem}
input[type=text],select{width:100%;min-width:0;font:inherit;padding:.6rem .7rem;border:1px solid #a1a1aa;border-radius:8px;background:inherit;color:inherit}
.row{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:.75rem}
button{font:inherit;padding:.75rem 1rem;border-radius:8px;border:1px solid #2563eb;background:#2563eb;color:#fff;cursor:pointer;font-weight:600}
button.secondary{background:transparent;color:inherit;border-color:#a1a1aa}
button:focus-visible,a:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.alert{background:#fee2e2;color:#7f1d1d;border-radius:8px;padding:.75rem 1rem;margin:1rem 0}
.notice{background:#dcfce7;color:#14532d;border-radius:8px;padding:.75rem 1rem;margin:1rem 0}
.muted{color:#52525b;font-size:.9rem}
a{color:#1d4ed8}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:1rem 0}
dt{font-weight:600}dd{margin:0}
section{border-top:1px solid #e4e4e7;margin-top:1.25rem;padding-top:1rem}
@media (prefers-color-scheme:dark){body{background:#09090b;color:#fafafa}main{background:#18181b}
.choice{border-color:#3f3f46}.muted{color:#a1a1aa}a{color:#93c5fd}section{border-color:#3f3f46}
.alert{background:#450a0a;color:#fecaca}.notice{background:#052e16;color:#bbf7d0}}`;

export function renderPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(title)} – Payments sandbox</title>
    <style>${STYLE}</style>
  </head>
  <body>
    <main>
      <span class="badge">Payments sandbox – no real money moves</span>
${body}
    </main>
  </body>
</html>`;
}

export function renderCardFields(prefix = ''): string {
  return `<label>Card number<input type="text" name="${prefix}cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242"></label>
          <div class="row">
            <label>Expiry (MM / YY)<input type="text" name="${prefix}expiry" autocomplete="cc-exp" placeholder="12 / 34"></label>
            <label>CVC<input type="text" name="${prefix}cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123"></label>
          </div>`;
}
