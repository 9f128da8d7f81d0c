/** The success envelope (docs/interface.md) and the TypeBox schemas shared by both listeners. */
import { type TSchema, Type } from 'typebox';
import type { Language } from '../config.js';
import type { Localized } from './errors.js';

export function success<T>(message: Localized, language: Language, data: T) {
  return { success: true as const, message: message[language], data };
}

export function SuccessEnvelope<T extends TSchema>(data: T) {
  return Type.Object({ success: Type.Literal(true), message: Type.String(), data });
}

/** The error envelope; later fields (`retry_after`, `detail`) are allowed where the interface's table ends (docs/decisions.md). */
export const ErrorEnvelope = Type.Object(
  {
    success: Type.Literal(false),
    message: Type.String(),
    error_code: Type.String(),
    error: Type.String(),
    suggestion: Type.String(),
    retry_after: Type.Optional(Type.Integer({ minimum: 1 })),
    detail: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

export const errorResponses = {
  '4xx': ErrorEnvelope,
  '5xx': ErrorEnvelope,
};
