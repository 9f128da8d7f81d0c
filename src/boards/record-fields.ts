/**
 * How each field of an imported ranking record is read and checked (records.ts builds the records from
 * them): trimmed text with a length cap, http(s) links, string lists, ranks and hot scores. Each throws
 * an Error naming the field, which records.ts turns into the file's RecordError.
 */
const MAX_TEXT = 2000;
const MAX_LIST = 100;

export type Fields = Record<string, unknown>;

export function fields(raw: unknown): Fields {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error('must be a JSON object');
  return raw as Fields;
}

export function rank(record: Fields, position: number): number {
  if (!Object.hasOwn(record, 'rank')) return position;
  const value = record.rank;
  if (!Number.isSafeInteger(value) || (value as number) < 1) throw new Error('rank must be a positive integer');
  return value as number;
}

export function hotScore(record: Fields): number {
  const value = record.hot_score ?? 0;
  if (!Number.isSafeInteger(value) || (value as number) < 0) throw new Error('hot_score must be a non-negative integer');
  return value as number;
}

export function text(record: Fields, name: string, required = false): string {
  const value = record[name] ?? '';
  if (typeof value !== 'string') throw new Error(`${name} must be a string`);
  const trimmed = value.trim();
  if (required && trimmed === '') throw new Error(`${name} is required`);
  if (trimmed.length > MAX_TEXT) throw new Error(`${name} is longer than ${MAX_TEXT} characters`);
  return trimmed;
}

export function link(record: Fields, name: string): string {
  const value = text(record, name);
  if (value !== '' && !(/^https?:\/\//i.test(value) && URL.canParse(value))) throw new Error(`${name} must be an http(s) URL or empty`);
  return value;
}

export function list(record: Fields, name: string): string[] {
  const value = record[name] ?? [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) throw new Error(`${name} must be an array of strings`);
  if (value.length > MAX_LIST) throw new Error(`${name} holds more than ${MAX_LIST} entries`);
  return (value as string[]).map((item) => item.trim()).filter(Boolean);
}
