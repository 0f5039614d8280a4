// The contract's error envelopes. Every error a route raises is one of these two classes; the
// app's error handler turns them (and Fastify's own errors) into JSON.

/** {"statusMsg":"fail","message"} (4xx) or {"statusMsg":"error","message"} (5xx). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Sent as Retry-After (a 429 from a counter, a 503 while the server is busy). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A 429 from a per-account or shop-wide attempt counter: the answer carries Retry-After. */
export class TooManyAttempts extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, retryAfterSeconds);
    this.name = 'TooManyAttempts';
  }
}

export type ValidationLocation = 'body' | 'query' | 'params';

/** 400 with {"message":"fail","errors":{value,msg,param,location}}: the first failing field only. */
export class ValidationError extends Error {
  // Error handlers of other plugins (the HTML payment page) read statusCode: a validation error is a 400 there too.
  readonly statusCode = 400;
  constructor(
    readonly param: string,
    readonly msg: string,
    readonly value: unknown,
    readonly location: ValidationLocation = 'body',
  ) {
    super(msg);
    this.name = 'ValidationError';
  }
}

export const notLoggedIn = 'You are not logged in. Please login to get access';
export const invalidToken = 'Invalid Token. please login again';

export const noProduct = (id: string) => `No product for this id ${id}`;
export const noCart = (userId: string) => `No cart exist for this user: ${userId}`;
