/** The success envelope (docs/interface.md) and the TypeBox schemas shared by both listeners. */
import { type TSchema, Type } from 'typebox';
import type { Language } from '../config/config.js';
import type { Localized } from './errors.js';

export function success<T>(message: Localized, language: Language, data: T) {
  return { success: true as const, message: message[language], data };
}

/** The success envelope around `data`; the description is what the API reference says of a 200. */
export function SuccessEnvelope<T extends TSchema>(data: T, description = 'Success: `success` true, a `message` and the `data`') {
  return Type.Object({ success: Type.Literal(true), message: Type.String(), data }, { description });
}

/** The error envelope; later fields (`retry_after`, `detail`) are allowed where the interface's table ends (docs/decisions.md). */
const errorEnvelope = (description: string) =>
  Type.Object(
    {
      success: Type.Literal(false),
      message: Type.String(),
      error_code: Type.String(),
      error: Type.String(),
      suggestion: Type.String(),
      retry_after: Type.Optional(Type.Integer({ minimum: 1 })),
      detail: Type.Optional(Type.String()),
    },
    { additionalProperties: true, description },
  );

export const errorResponses = {
  '4xx': errorEnvelope(
    'A client error (400 bad parameter, 401/403 key or token, 404, 429 limit) in the error envelope: `error_code`, `error`, `suggestion`; a 429 adds `retry_after` and `detail`',
  ),
  '5xx': errorEnvelope('A server error (500, or 503 when a dependency is down) in the error envelope'),
};
