const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Rich text rules run on the text with tags stripped (spec section 5): the visible text, so entities
 * count as the one character they show (&amp; is '&', &nbsp; counts as a space). The editor and the
 * server's sanitiser escape '&' and '<', so the count is the same before and after a save.
 */
/** Elements whose content shows no text (the sanitiser drops it with them). */
const NO_TEXT = new Set(['script', 'style', 'textarea', 'option', 'noscript']);

/**
 * The text of HTML as a browser reads it: a tag starts with '<' and a letter, '/', '!' or '?' and runs
 * to '>' or the end ('<A' at the end is an unfinished tag, '1<2' is text); comments run to '-->'; the
 * content of script, style and the like shows nothing.
 */
function textOf(html: string): string {
  let out = '';
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) return out + decodeReferences(html.slice(i));
    out += decodeReferences(html.slice(i, lt));
    const next = html[lt + 1] ?? '';
    if (!/[a-zA-Z/!?]/.test(next)) {
      out += '<';
      i = lt + 1;
      continue;
    }
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      i = close < 0 ? html.length : close + 3;
      continue;
    }
    const gt = html.indexOf('>', lt + 1);
    const tagEnd = gt < 0 ? html.length : gt + 1;
    const name = /^<([a-zA-Z][^\s/>]*)/.exec(html.slice(lt, tagEnd))?.[1]?.toLowerCase();
    i = tagEnd;
    if (name && NO_TEXT.has(name)) {
      const closing = html.toLowerCase().indexOf(`</${name}`, i);
      if (closing < 0) return out;
      const closeEnd = html.indexOf('>', closing);
      i = closeEnd < 0 ? html.length : closeEnd + 1;
    }
  }
  return out;
}

/** Character references decoded in one run of text (references never span a tag). */
function decodeReferences(text: string): string {
  return text
    // Numeric references and the common named ones read without their ';' too, as HTML reads them.
    .replace(/&(#x[0-9a-f]{1,6};?|#\d{1,7};?|[a-z]+;|(?:amp|lt|gt|quot|nbsp)\b;?)/gi, (whole, raw: string) => {
      const name = raw.endsWith(';') ? raw.slice(0, -1) : raw;
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
        return code === 160 ? ' ' : code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return NAMED[name.toLowerCase()] ?? whole;
    });
}

export function stripTags(html: string): string {
  return textOf(html);
}
