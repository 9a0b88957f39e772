import type { ChildHandle } from './processes';

/**
 * Polls `ready` until it answers true. Fails fast, with the child's last output, when the child exits first,
 * and fails after `timeoutMs` otherwise.
 */
export async function waitFor(
  what: string,
  child: ChildHandle | undefined,
  ready: () => Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> {
  let exited = false;
  void child?.exited.then(() => {
    exited = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${what} exited while starting:\n${child?.recentOutput() ?? ''}`);
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${what} did not start within ${Math.round(timeoutMs / 1000)} s:\n${child?.recentOutput() ?? ''}`);
}
