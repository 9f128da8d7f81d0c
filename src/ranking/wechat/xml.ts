/**
 * XML in and out of the WeChat channel through fast-xml-parser, configured for hostile input: no DTDs
 * at all (so no entity expansion, "billion laughs" or external entities), entities left unexpanded,
 * values kept as strings (a `MsgId` is a 64-bit number that a double would round), shallow nesting.
 */
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';

export class XmlError extends Error {}

const parser = new XMLParser({
  processEntities: false,
  htmlEntities: false,
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  trimValues: true,
  maxNestedTags: 8,
});

const builder = new XMLBuilder({ cdataPropName: '__cdata' });

/** The fields of a `<xml>…</xml>` message as strings (nested elements are ignored). */
export function parseMessage(text: string): Record<string, string> {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new XmlError('DTDs and entity declarations are refused');
  if (XMLValidator.validate(text) !== true) throw new XmlError('not well-formed XML');
  const root = (parser.parse(text) as { xml?: unknown }).xml;
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
