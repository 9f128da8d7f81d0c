/**
 * JSON bodies are validated as they were sent. Fastify's validator coerces types so that query strings
 * (always text) can meet their schemas; a body has real JSON types, and coercing them turns a mistake
 * into a different request: `{"source_link":123}` became the link "123" and a 404. A route that takes a
 * body uses this compiler (TypeBox's own, which never coerces), so a wrong type is a 400 naming the field.
 */
import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

export const strictBodyValidator: FastifySchemaCompiler<TSchema> = ({ schema }) => {
  const validator = Compile(schema);
  return (data: unknown) => (validator.Check(data) ? { value: data } : { error: [...validator.Errors(data)] as never });
};
