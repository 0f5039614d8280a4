import { execFileSync } from 'node:child_process';

// Playwright evaluates its config synchronously (and again in every worker), so the probe runs in a
// short child process: it tries our port range first and falls back to any port the OS hands out.
const probe = `
const net = require('node:net');
const [from, to] = process.argv.slice(1).map(Number);
function tryPort(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(null));
    srv.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      const got = srv.address().port;
      srv.close(() => resolve(got));
    });
  });
}
(async () => {
  const start = from + Math.floor(Math.random() * (to - from + 1));
  for (let i = 0; i <= to - from; i++) {
    const port = from + ((start - from + i) % (to - from + 1));
    const got = await tryPort(port);
    if (got) { process.stdout.write(String(got)); return; }
  }
  process.stdout.write(String(await tryPort(0)));
})();
`;

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function findFreePortSync(from = 3500, to = 3599): number {
  const out = execFileSync(process.execPath, ['-e', probe, String(from), String(to)], { encoding: 'utf8' });
  const port = Number(out.trim());
  if (!Number.isInteger(port) || port <= 0)
    throw new Error(`Could not find a free port (probe said "${out}")`);
  return port;
}
