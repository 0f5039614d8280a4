// The shopper's saved shipping addresses.
import { Type, type Static } from 'typebox';
import { Id } from './common';

export const Address = Type.Object({
  _id: Id,
  name: Type.String(),
  details: Type.String(),
  phone: Type.String(),
  city: Type.String(),
  /**
   * Ours, not the public host's (which leaves it out): the address the order page chooses first. At most one per
   * account; set with PUT /addresses/{id}/default.
   */
  default: Type.Optional(Type.Boolean()),
});
export type Address = Static<typeof Address>;

/** Every answer lists the addresses now saved, oldest first. */
export const AddressList = Type.Object({
  status: Type.Literal('success'),
  message: Type.Optional(Type.String()),
  results: Type.Integer(),
  data: Type.Array(Address),
});
export type AddressList = Static<typeof AddressList>;

/** Shape only: each field is required and the phone follows the sign-up rule, checked by the server's rules. */
export const NewAddress = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 100 })),
  details: Type.Optional(Type.String({ maxLength: 500 })),
  phone: Type.Optional(Type.String({ maxLength: 40 })),
  city: Type.Optional(Type.String({ maxLength: 120 })),
});
export type NewAddress = Static<typeof NewAddress>;
