import type { ChildProcess } from 'node:child_process';

/**
 * Resolves with everything the child printed (stdout and stderr) once `pattern` appears in it, or once the child
 * exits; rejects after `timeoutMs`. Driven by the pipes' data events: nothing polls the clock.
 */
export function printedOnce(
  child: ChildProcess,
  pattern: RegExp | string,
  read: () => string,
  timeoutMs = 60_000,
): Promise<string> {
  const seen = () => (typeof pattern === 'string' ? read().includes(pattern) : pattern.test(read()));
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.stderr?.off('data', check);
      child.off('exit', done);
      resolve(read());
    };
    const check = () => {
      // The test's own listener appends first (it was added before this one), so the text is in.
      if (seen()) done();
    };
    const timer = setTimeout(() => {
      child.stdout?.off('data', check);
      child.stderr?.off('data', check);
      child.off('exit', done);
      reject(new Error(`not printed within ${timeoutMs} ms: ${String(pattern)}\n${read()}`));
    }, timeoutMs);
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.on('exit', done);
    if (seen() || child.exitCode !== null) done();
  });
}
