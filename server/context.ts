import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from './config';
import type { BackgroundTasks } from './background';
import type { Database } from './db/client';
import type { Mailer } from './mail/mailer';
import type { DecodedToken, TokenService } from './modules/auth';
import type { CatalogueCache } from './modules/catalogue';
import type { HomeCache } from './modules/home';

export interface AuthUser extends DecodedToken {
  /** The account's role in the database on this request (the token's claim is `tokenRole`). */
  role: string;
  tokenRole: string;
  email: string;
  /** The token the request carried (Logout ends it). */
  token: string;
}

export interface AppContext {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** Work started by a request and finished after its answer (reset mail). */
  background: BackgroundTasks;
  tokens: TokenService;
  /** The catalogue's response cache: orders drop the answers that show the products they took stock of. */
  catalogueCache: CatalogueCache;
  /** The published home page, so a shopper's GET /home reads no database; a publish anywhere empties it. */
  homeCache: HomeCache;
  /** Milliseconds since the epoch; tests move it to expire reset codes. */
  now(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Hook (onRequest or preHandler): 401 without a valid token; sets request.user. Use onRequest so a
     *  caller without a token gets 401 before any body validation. */
    authenticate: preHandlerAsyncHookHandler;
    /** Hooks after `authenticate`: 403 unless the database says staff or admin (admin) now. */
    requireStaff: preHandlerAsyncHookHandler;
    requireAdmin: preHandlerAsyncHookHandler;
    /** The caller when the request carries a valid staff token (a role checked in the database), else null. */
    staffOrNull(request: FastifyRequest): Promise<AuthUser | null>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}
