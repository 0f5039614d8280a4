import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { firstError, registerSchema } from '@/lib/rules/account-schemas';
import { requireUser } from '../../auth/plugin';
import { newId } from '../../db/ids';
import { addresses } from '../../db/schema';
import { AppError, ValidationError } from '../../errors';

const address = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    name: { type: 'string' },
    details: { type: 'string' },
    phone: { type: 'string' },
    city: { type: 'string' },
  },
} as const;

const listResponse = {
  type: 'object',
  properties: {
    status: { type: 'string' },
    message: { type: 'string' },
    results: { type: 'integer' },
    data: { type: 'array', items: address },
  },
} as const;

const field = (max: number) => ({ type: 'string', maxLength: max }) as const;

export async function addressRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const db = () => ctx.database.db;

  async function list(userId: string) {
    const rows = await db()
      .select()
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(asc(addresses.createdAt), asc(addresses.id));
    return rows.map((a) => ({ _id: a.id, name: a.name, details: a.details, phone: a.phone, city: a.city }));
  }

  app.get(
    '/addresses',
    { onRequest: app.authenticate, schema: { response: { 200: listResponse } } },
    async (request) => {
      const data = await list(requireUser(request).id);
      return { status: 'success', results: data.length, data };
    },
  );

  app.post(
    '/addresses',
    {
      onRequest: app.authenticate,
      schema: {
        body: {
          type: 'object',
          properties: { name: field(100), details: field(500), phone: field(40), city: field(120) },
        },
        response: { 200: listResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = (request.body ?? {}) as Record<string, unknown>;
      for (const f of ['name', 'details', 'phone', 'city'] as const) {
        const v = body[f];
        if (typeof v !== 'string' || v.trim() === '')
          throw new ValidationError(f, `${f} is required`, v, 'body');
      }
      // The phone follows the sign-up rule and message (an Egyptian mobile number).
      const phoneErr = firstError(registerSchema.pick(['phone']), { phone: String(body.phone).trim() });
      if (phoneErr) throw new ValidationError('phone', phoneErr.msg, body.phone, 'body');
      await db()
        .insert(addresses)
        .values({
          id: newId(),
          userId: user.id,
          name: String(body.name).trim(),
          details: String(body.details).trim(),
          phone: String(body.phone).trim(),
          city: String(body.city).trim(),
        });
      const data = await list(user.id);
      return {
        status: 'success',
        message: 'Address added successfully to your addresses',
        results: data.length,
        data,
      };
    },
  );

  app.delete(
    '/addresses/:id',
    {
      onRequest: app.authenticate,
      schema: {
        params: { type: 'object', properties: { id: { type: 'string', maxLength: 100 } }, required: ['id'] },
        response: { 200: listResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params as { id: string };
      const removed = await db()
        .delete(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, user.id)))
        .returning({ id: addresses.id });
      if (removed.length === 0) throw new AppError(404, `No address for this id ${id}`);
      const data = await list(user.id);
      return {
        status: 'success',
        message: 'Address removed successfully from your addresses',
        results: data.length,
        data,
      };
    },
  );
}
