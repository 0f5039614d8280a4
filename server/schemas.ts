import type { FastifyInstance } from 'fastify';

/** Shared JSON schemas, referenced by $id from route response schemas. */
export function addSharedSchemas(app: FastifyInstance): void {
  app.addSchema({
    $id: 'shopNestedCategory',
    type: 'object',
    properties: {
      _id: { type: 'string' },
      name: { type: 'string' },
      slug: { type: 'string' },
      image: { type: 'string' },
    },
  });
  app.addSchema({
    $id: 'shopSubcategoryRef',
    type: 'object',
    properties: {
      _id: { type: 'string' },
      name: { type: 'string' },
      slug: { type: 'string' },
      category: { type: 'string' },
    },
  });
  app.addSchema({
    $id: 'shopCartProduct',
    type: 'object',
    properties: {
      subcategory: { type: 'array', items: { $ref: 'shopSubcategoryRef#' } },
      _id: { type: 'string' },
      title: { type: 'string' },
      quantity: { type: 'integer' },
      imageCover: { type: 'string' },
      category: { $ref: 'shopNestedCategory#' },
      brand: { $ref: 'shopNestedCategory#' },
      ratingsAverage: { type: 'number' },
      id: { type: 'string' },
    },
  });
  // A cart or order line: the product is an id string on POST /cart and on a new order, populated elsewhere.
  app.addSchema({
    $id: 'shopLine',
    type: 'object',
    properties: {
      count: { type: 'integer' },
      _id: { type: 'string' },
      product: { anyOf: [{ type: 'string' }, { $ref: 'shopCartProduct#' }] },
      price: { type: 'integer' },
    },
  });
  app.addSchema({
    $id: 'shopOrder',
    type: 'object',
    properties: {
      shippingAddress: {
        type: 'object',
        properties: { details: { type: 'string' }, phone: { type: 'string' }, city: { type: 'string' } },
      },
      taxPrice: { type: 'integer' },
      shippingPrice: { type: 'integer' },
      discountPrice: { type: 'integer' },
      totalOrderPrice: { type: 'integer' },
      paymentMethodType: { type: 'string' },
      isPaid: { type: 'boolean' },
      paidAt: { type: 'string' },
      isDelivered: { type: 'boolean' },
      deliveredAt: { type: 'string' },
      _id: { type: 'string' },
      user: {
        anyOf: [
          { type: 'string' },
          {
            type: 'object',
            properties: {
              _id: { type: 'string' },
              name: { type: 'string' },
              email: { type: 'string' },
              phone: { type: 'string' },
            },
          },
        ],
      },
      cartItems: {
        type: 'array',
        items: { $ref: 'shopLine#' },
      },
      createdAt: { type: 'string' },
      updatedAt: { type: 'string' },
      id: { type: 'integer' },
      __v: { type: 'integer' },
    },
  });
}
