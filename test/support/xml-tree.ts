/**
 * A small, strict XML reader for the reports the CLI writes (JUnit): elements, attributes, text,
 * the five predefined entities and numeric references. It throws on anything malformed — a
 * mismatched or unclosed tag, an unknown entity, text after the root — so a test that parses a
 * report also proves it is well-formed.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&([^;]*);/g, (_, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    if (!(name in ENTITIES)) throw new Error(`unknown entity &${name};`);
    return ENTITIES[name];
  });
}

export function parseXml(source: string): XmlElement {
  const body = source.replace(/^<\?xml[^?]*\?>\s*/, '');
  if (/&(?![a-zA-Z]+;|#\d+;|#x[0-9a-fA-F]+;)/.test(body)) throw new Error('a bare & in the document');
  const tag = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.:-]*="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let match: RegExpExecArray | null;
  let position = 0;
  while (position < body.length && (match = tag.exec(body))) {
    position = tag.lastIndex;
    const [, closing, name, rawAttributes, selfClosing, text] = match;
    if (text !== undefined) {
      if (stack.length === 0) {
        if (text.trim() !== '') throw new Error(`text outside the root: ${text.slice(0, 40)}`);
      } else stack[stack.length - 1].text += decode(text);
      continue;
    }
    if (closing) {
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`</${name}> closes <${open?.name ?? 'nothing'}>`);
      continue;
    }
    if (root && stack.length === 0) throw new Error('a second root element');
    const attributes: Record<string, string> = {};
    for (const [, key, value] of rawAttributes.matchAll(/([A-Za-z_][\w.:-]*)="([^"]*)"/g)) attributes[key] = decode(value);
    const element: XmlElement = { name, attributes, children: [], text: '' };
    if (stack.length > 0) stack[stack.length - 1].children.push(element);
    else root = element;
    if (!selfClosing) stack.push(element);
  }
  if (position !== body.length) throw new Error(`not XML at offset ${position}: ${body.slice(position, position + 40)}`);
  if (!root || stack.length > 0) throw new Error(`unclosed <${stack[stack.length - 1]?.name ?? 'root'}>`);
  return root;
}
