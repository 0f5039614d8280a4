// The development outbox: mail the shop would have sent, readable on this machine only (never in production).
import { Type, type Static } from 'typebox';
import { Timestamp } from './common';

export const OutboxQuery = Type.Object({ to: Type.String({ minLength: 1, maxLength: 320 }) });

export const OutboxAnswer = Type.Object({
  results: Type.Integer(),
  data: Type.Array(
    Type.Object({
      to: Type.String(),
      subject: Type.String(),
      text: Type.String(),
      /** The HTML part; null for a text-only mail (the password reset). */
      html: Type.Union([Type.String(), Type.Null()]),
      createdAt: Timestamp,
    }),
  ),
});
export type OutboxAnswer = Static<typeof OutboxAnswer>;
