/**
 * XML in and out of the WeChat channel through fast-xml-parser, configured for hostile input: no DTDs
 * at all (so no entity expansion, "billion laughs" or external entities), entities left unexpanded,
 * values kept as strings (a `MsgId` is a 64-bit number that a double would round), shallow nesting, and
 * element names only of the kind WeChat uses (so no `__proto__` or `constructor`). Whatever the parser
 * refuses is an XmlError, which the channel answers with 400.
 */
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';

export class XmlError extends Error {}

/** Letters first, then letters, digits and underscores: every name in WeChat's messages. */
const ELEMENT_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

const parser = new XMLParser({
  processEntities: false,
  htmlEntities: false,
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  trimValues: true,
  // WeChat's deepest message (a picture-list event) nests five levels.
  maxNestedTags: 6,
  // The parser throws on JavaScript's reserved names itself; this bounds every other name.
  strictReservedNames: true,
  updateTag: (name: string) => {
    if (!ELEMENT_NAME.test(name)) throw new XmlError(`element name "${name.slice(0, 40)}" is not allowed`);
    return name;
  },
});

const builder = new XMLBuilder({ cdataPropName: '__cdata' });

/** The fields of a `<xml>…</xml>` message as strings (nested elements are ignored). */
export function parseMessage(text: string): Record<string, string> {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new XmlError('DTDs and entity declarations are refused');
  if (XMLValidator.validate(text) !== true) throw new XmlError('not well-formed XML');
  let parsed: { xml?: unknown };
  try {
    parsed = parser.parse(text) as { xml?: unknown };
  } catch (error) {
    if (error instanceof XmlError) throw error;
    throw new XmlError(`refused by the parser (${String((error as Error).message).slice(0, 80)})`);
  }
  const root = parsed.xml;
  if (typeof root !== 'object' || root === null) throw new XmlError('the root element must be <xml>');
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(root)) if (typeof value === 'string') fields[name] = value;
  return fields;
}

/** `<xml>` with each string as CDATA and each number as text, in the given order. */
export function buildMessage(fields: Record<string, string | number>): string {
  const xml = Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [name, typeof value === 'number' ? value : { __cdata: value }]),
  );
  return builder.build({ xml }) as string;
}
