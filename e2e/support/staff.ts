// The back office's staff account in the journeys. e2e/support/web-server.ts makes it on the fresh database with
// the shop's own CLI (`npm run admin -- create EMAIL`, the password from ADMIN_PASSWORD) before the server opens
// the database, once that CLI exists (it comes with the staff API; issue 27 item 1).
export const e2eAdmin = {
  email: 'admin@e2e.freshcart.test',
  // A test database's only admin, made for this run and thrown away with it.
  password: 'E2e-admin-Passw0rd',
} as const;
