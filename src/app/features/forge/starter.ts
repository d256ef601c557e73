// The files a component editor starts with when the version has no distribution yet: a list entry
// that reads the component's records through the bridge (docs/forge.md "The SDK in a bundle").
import type { CodeEditorProps } from '../../components/code/codeEditorModel';
import { FORGE_TEXT_TYPES } from '../../../../runtime/api/forge';

export const STARTER_FILES: Record<string, string> = {
  'list.html': `<!doctype html>
<html>
  <head>
    <meta charset="utf-8" />
    <link rel="stylesheet" href="style.css" />
    <script src="__luma/sdk.js"></script>
    <script src="list.js" defer></script>
  </head>
  <body>
    <h1>Records</h1>
    <ul id="records"><li>Loading…</li></ul>
  </body>
</html>
`,
  'list.js': `// luma.records: list, get, create, update (the types of /types/luma-sdk.d.ts), with your permissions.
luma.records.list({ limit: 20 }).then((page) => {
  const list = document.getElementById('records');
  list.textContent = '';
  for (const record of page.items) {
    const item = document.createElement('li');
    item.textContent = record.uuid;
    list.append(item);
  }
  if (page.items.length === 0) list.textContent = 'No records yet.';
}, (error) => {
  document.getElementById('records').textContent = error.message;
});
`,
  'style.css': `body { font: 14px/1.5 system-ui, sans-serif; margin: 1rem; }
h1 { font-size: 1.25rem; }
`,
};

export const isTextFile = (path: string) => (FORGE_TEXT_TYPES as readonly string[]).includes(path.slice(path.lastIndexOf('.') + 1).toLowerCase());

export function languageOf(path: string): CodeEditorProps['language'] {
  if (/\.(m?js)$/i.test(path)) return 'javascript';
  if (/\.json$/i.test(path)) return 'json';
  return 'text';
}
