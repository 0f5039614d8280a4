import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { cartItems, carts, products } from '../../db/schema';

export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

export async function findCart(exec: Executor, userId: string): Promise<CartRow | undefined> {
  const [cart] = await exec.select().from(carts).where(eq(carts.userId, userId));
  return cart;
}

export async function cartLines(exec: Executor, cartId: string): Promise<CartItemRow[]> {
  return exec
    .select()
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

export async function productById(exec: Executor, id: string): Promise<ProductRow | undefined> {
  const [product] = await exec.select().from(products).where(eq(products.id, id));
  return product;
}

/** Why the one-statement add refused: read afterwards by the service to say which rule. */
export const addRefused = 'FC400';

/** A cart line as an answer lists it. */
export type LineFacts = Pick<CartItemRow, 'id' | 'productId' | 'count' | 'price'>;

/** A cart and its lines (oldest first) as one statement saw them. */
export interface CartWithLines {
  cart: CartRow;
  lines: LineFacts[];
}

interface CartWithLinesRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  version: number;
  units: number;
  created_at: Date | string;
  updated_at: Date | string;
  lines: LineFacts[] | string;
}

/** The lines of the cart `cartId` (an SQL expression) as one JSON array, oldest first (migration 0019). */
const linesJson = (cartId: SQL) => sql`cart_lines_json(${cartId})`;

function cartWithLines(row: CartWithLinesRow): CartWithLines {
  return {
    cart: {
      id: row.id,
      userId: row.user_id,
      version: Number(row.version),
      units: Number(row.units),
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
    },
    // PGlite hands json over parsed; node-postgres too, but a text answer is read the same way.
    lines: typeof row.lines === 'string' ? (JSON.parse(row.lines) as LineFacts[]) : row.lines,
  };
}

/** The cart and its lines now, read together in one statement (one snapshot); undefined when it is gone. */
export async function cartAsItIs(exec: Executor, cartId: string): Promise<CartWithLines | undefined> {
  const result = (await exec.execute(
    sql`SELECT c.*, ${linesJson(sql`c.id`)} AS lines FROM ${carts} c WHERE c.id = ${cartId}`,
  )) as unknown as { rows: CartWithLinesRow[] };
  const row = result.rows[0];
  return row ? cartWithLines(row) : undefined;
}

/** The caller's cart and its lines, read in one statement (prepared); undefined when there is none. */
export async function cartOf(database: Database, userId: string): Promise<CartWithLines | undefined> {
  const [row] = await database.prepared<CartWithLinesRow>(
    'cart_of',
    sql`SELECT c.*, ${linesJson(sql`c.id`)} AS lines FROM ${carts} c WHERE c.user_id = ${userId}`,
  );
  return row ? cartWithLines(row) : undefined;
}

interface AddRow extends CartWithLinesRow {
  seen_id: string | null;
  seen_version: number | null;
  line_id: string;
  line_count: number;
  line_price: number;
}

/**
 * `count` units of an active product into the caller's cart, in one statement (one round trip, no transaction): the
 * cart is created on first use or locked and counted (units + count within `maxOrder`), and the line is added or
 * counted (+ count within the stock and `maxLine`). The caps are checked on the rows the statement has locked, in
 * their newest committed state, so adds racing on one cart never pass a cap together; a refusal (no such active
 * product with that many in stock, a cap) raises `addRefused` and leaves everything as it was: never some of the
 * units. An order consuming the cart waits for the add or is waited for; after it, the add starts a new cart.
 * Its text never changes (every value is a parameter), so it is prepared: planned once per connection.
 */
export async function addUnits(
  database: Database,
  args: { userId: string; productId: string; count: number; maxLine: number; maxOrder: number },
): Promise<CartWithLines> {
  const n = sql`${args.count}::int`;
  const newCartId = newId();
  const [row] = await database.prepared<AddRow>(
    'cart_add_units',
    sql`
    WITH product AS (
      SELECT ${products.id} AS id, ${products.price} AS price FROM ${products}
      WHERE ${products.id} = ${args.productId} AND ${products.status} = 'active' AND ${products.quantity} >= ${n}
        AND ${n} BETWEEN 1 AND least(${args.maxLine}::int, ${args.maxOrder}::int)
    ), cart AS (
      INSERT INTO ${carts} (id, user_id, version, units)
      SELECT ${newCartId}, ${args.userId}, 0, ${n} FROM product
      ON CONFLICT (user_id) DO UPDATE
        SET version = ${carts.version} + 1, units = ${carts.units} + ${n}, updated_at = now()
        WHERE ${carts.units} + ${n} <= ${args.maxOrder}
      RETURNING *
    ), line AS (
      INSERT INTO ${cartItems} (id, cart_id, product_id, count, price)
      SELECT ${newId()}, cart.id, product.id, ${n}, product.price FROM cart, product
      ON CONFLICT (cart_id, product_id) DO UPDATE SET count = ${cartItems.count} + ${n}
        WHERE ${cartItems.count} + ${n} <= least(
          ${args.maxLine}::int,
          (SELECT p.quantity FROM ${products} p WHERE p.id = ${args.productId})
        )
      RETURNING id, count, price
    ), seen AS (
      SELECT c.id, c.version FROM ${carts} c WHERE c.user_id = ${args.userId}
    )
    SELECT cart.*, line.id AS line_id, line.count AS line_count, line.price AS line_price,
      (SELECT id FROM seen) AS seen_id, (SELECT version FROM seen) AS seen_version,
      ${linesJson(sql`cart.id`)} AS lines,
      cart_add_allowed(line.id IS NOT NULL) AS allowed
    FROM (SELECT 1) AS one LEFT JOIN cart ON true LEFT JOIN line ON true
  `,
  );
  if (!row) throw new Error('cart add returned no row');
  const seen = cartWithLines(row);
  const added: LineFacts = {
    id: row.line_id,
    productId: args.productId,
    count: Number(row.line_count),
    price: Number(row.line_price),
  };
  // A line counted up keeps its place; a new one is the newest.
  const lines = seen.lines.some((l) => l.id === added.id)
    ? seen.lines.map((l) => (l.id === added.id ? added : l))
    : [...seen.lines, added];
  // The statement's view of the lines is from its start. It is the cart after the add when nothing else changed the
  // cart in between: the cart is the one this add made, or the one it saw, one version on. Otherwise another change
  // committed while the add waited for the cart's row, and the cart is read again (newer still, perhaps), unless an
  // order has consumed it since.
  const whole =
    seen.cart.id === newCartId ||
    (row.seen_id === seen.cart.id && Number(row.seen_version) + 1 === seen.cart.version);
  if (whole) return { cart: seen.cart, lines };
  return (await cartAsItIs(database.db, seen.cart.id)) ?? { cart: seen.cart, lines };
}

/** Why a line change (cart_change_line) was refused, with the facts the server words it from. */
export type LineRefusal =
  | { outcome: 'no-cart' | 'no-line' | 'order-cap' }
  | { outcome: 'stock'; title: string | null; quantity: number }
  | { outcome: 'line-cap'; title: string };

/** A line change's answer: the refusal, or the cart and its lines after the change. */
export type LineChange = LineRefusal | ({ outcome: 'done' } & CartWithLines);

interface LineChangeAnswer {
  outcome: string;
  cart?: CartWithLinesRow;
  lines?: LineFacts[];
}

/**
 * The caller's line `id` (its product id, else its line id) set to `count` units, or removed when `count` is null, in
 * one call (migration 0019, cart_change_line): the cart locked, the stock and both caps checked on what committed
 * before, the line and the cart's units changed. Prepared, like the add.
 */
export async function changeLine(
  database: Database,
  args: { userId: string; id: string; count: number | null; maxLine: number; maxOrder: number },
): Promise<LineChange> {
  const [row] = await database.prepared<{ answer: LineChangeAnswer | string }>(
    'cart_change_line',
    sql`SELECT cart_change_line(${args.userId}, ${args.id}, ${args.count}::int, ${args.maxLine}::int, ${args.maxOrder}::int) AS answer`,
  );
  if (!row) throw new Error('cart_change_line returned no row');
  const answer = typeof row.answer === 'string' ? (JSON.parse(row.answer) as LineChangeAnswer) : row.answer;
  if (answer.outcome !== 'done') return answer as LineRefusal;
  return { outcome: 'done', ...cartWithLines({ ...answer.cart!, lines: answer.lines! }) };
}

/** The lines go with the cart (ON DELETE CASCADE); the next add starts a new cart with a new id. */
export async function deleteCart(exec: Executor, userId: string): Promise<void> {
  await exec.delete(carts).where(eq(carts.userId, userId));
}
