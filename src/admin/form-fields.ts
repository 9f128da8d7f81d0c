/**
 * Reading a parsed form (`@fastify/formbody` gives an object of strings, or of string arrays when a field
 * repeats): a field is its one string value, or '' when it is missing, repeated or not text, so a handler
 * never branches on shapes a browser does not send.
 */
export function formField(body: unknown, name: string): string {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
}
